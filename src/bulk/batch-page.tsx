import { useId, useState } from 'preact/hooks';
import type { BatchFilter } from '../shared/bulk/types.ts';
import { type MessageKey, t } from '../shared/i18n.ts';
import { formatCount } from '../shared/locale-format.ts';
import { useConnector } from '../ui/connector.ts';
import { download } from '../ui/download.ts';
import { ErrorText } from '../ui/error-text.tsx';
import { BatchOrders } from './batch-orders.tsx';
import { ProgressBar } from './progress-bar.tsx';
import { batchStageText } from './status-words.ts';
import { useBatch } from './use-batch.ts';

const PAGE = 200;
const FILTERS: [BatchFilter, MessageKey][] = [
  ['all', 'bulk_filterAll'],
  ['active', 'bulk_filterActive'],
  ['failed', 'bulk_filterFailed'],
  ['problems', 'bulk_filterProblems'],
];

/** A batch under way or done: progress, the controls, and every order's live status. */
export function BatchPage(props: { batchId: string; onNew: () => void }) {
  const connector = useConnector();
  const filterId = useId();
  const [filter, setFilter] = useState<BatchFilter>('all');
  const [limit, setLimit] = useState(PAGE);
  const live = useBatch(props.batchId, filter, limit);
  const [action, setAction] = useState<{ busy: boolean; error?: unknown }>({ busy: false });

  const act = async (task: () => Promise<unknown>) => {
    setAction({ busy: true });
    try {
      await task();
      setAction({ busy: false });
    } catch (error) {
      setAction({ busy: false, error });
    }
  };
  const control = (type: 'bulk.pause' | 'bulk.resume' | 'bulk.cancelRest') =>
    act(() => connector.call(type, { batchId: props.batchId }));
  const exportResults = () =>
    act(async () => {
      const file = await connector.call('bulk.export', { batchId: props.batchId });
      download(file.filename, file.content, file.mime);
    });

  const view = live.view;
  if (view === null)
    return (
      <section>
        <p class="error" role="alert">
          {t('bulk_batchGone')}
        </p>
        <button type="button" onClick={props.onNew}>
          {t('bulk_newBatch')}
        </button>
      </section>
    );
  if (!view) return <ErrorText error={live.error} />;
  const { batch } = view;
  return (
    <section aria-labelledby="batch-heading">
      <h2 id="batch-heading">
        {batch.name} <span class="badge">{batchStageText(batch.stage)}</span>
      </h2>
      {batch.pauseReason && (
        <p class="error" role="alert">
          {batch.pauseReason}
        </p>
      )}
      <ProgressBar batch={batch} />
      {batch.state === 'paused' && (
        <p>{t('bulk_pausedSentNotSent', formatCount(batch.sent), formatCount(batch.notSent))}</p>
      )}
      {batch.state === 'stopped' && (
        <p>{t('bulk_stoppedSentNotSent', formatCount(batch.sent), formatCount(batch.notSent))}</p>
      )}
      <div class="row">
        {batch.can.pause && (
          <button type="button" disabled={action.busy} onClick={() => control('bulk.pause')}>
            {t('bulk_pause')}
          </button>
        )}
        {batch.can.resume && (
          <button type="button" disabled={action.busy} onClick={() => control('bulk.resume')}>
            {t('bulk_resume')}
          </button>
        )}
        {batch.can.cancelRest && (
          <button
            type="button"
            class="danger"
            disabled={action.busy}
            onClick={() => control('bulk.cancelRest')}
          >
            {t('bulk_cancelRest')}
          </button>
        )}
        <button type="button" disabled={action.busy} onClick={exportResults}>
          {t('bulk_exportResults')}
        </button>
        <button type="button" class="link" onClick={props.onNew}>
          {t('bulk_newBatch')}
        </button>
      </div>
      <ErrorText error={action.error ?? live.error} />
      <div class="field inline">
        <label for={filterId}>{t('bulk_show')}</label>
        <select
          id={filterId}
          value={filter}
          onChange={(event) =>
            setFilter((event.currentTarget as HTMLSelectElement).value as BatchFilter)
          }
        >
          {FILTERS.map(([value, label]) => (
            <option key={value} value={value}>
              {t(label)}
            </option>
          ))}
        </select>
      </div>
      <BatchOrders batchId={props.batchId} orders={view.orders} paused={batch.state === 'paused'} />
      {view.total > view.orders.length && (
        <button type="button" onClick={() => setLimit((old) => old + PAGE)}>
          {t('bulk_showMore', formatCount(view.total - view.orders.length))}
        </button>
      )}
    </section>
  );
}
