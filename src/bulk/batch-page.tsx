import { useState } from 'preact/hooks';
import type { BatchFilter } from '../shared/bulk/types.ts';
import { type MessageKey, t } from '../shared/i18n.ts';
import { formatCount } from '../shared/locale-format.ts';
import { useConnector } from '../ui/connector.ts';
import { download } from '../ui/download.ts';
import { Alerts, ErrorText } from '../ui/error-text.tsx';
import { SelectField } from '../ui/fields.tsx';
import { BatchOrders } from './batch-orders.tsx';
import { ProgressBar } from './progress-bar.tsx';
import { STAGE_WORDS } from './status-words.ts';
import { useBatch } from './use-batch.ts';
import { useTask } from './use-task.ts';

const PAGE = 200;
const FILTERS: [BatchFilter, MessageKey][] = [
  ['all', 'bulk_filterAll'],
  ['active', 'bulk_filterActive'],
  ['failed', 'bulk_filterFailed'],
  ['problems', 'bulk_filterProblems'],
];
/** The controls the background may offer (`batch.can`), each a message of its own name. */
const CONTROLS = [
  ['pause', 'bulk_pause'],
  ['resume', 'bulk_resume'],
  ['cancelRest', 'bulk_cancelRest'],
] as const;

/** A batch under way or done: progress, the controls, and every order's live status. */
export function BatchPage(props: { batchId: string; onNew: () => void }) {
  const { batchId } = props;
  const connector = useConnector();
  const [filter, setFilter] = useState<BatchFilter>('all');
  const [limit, setLimit] = useState(PAGE);
  const { view, error } = useBatch(batchId, filter, limit);
  const action = useTask();
  const exportResults = () =>
    action.run(async () => {
      const file = await connector.call('bulk.export', { batchId });
      download(file.filename, file.content, file.mime);
    });

  if (view === null)
    return (
      <section>
        <Alerts lines={[t('bulk_batchGone')]} />
        <button type="button" onClick={props.onNew}>
          {t('bulk_newBatch')}
        </button>
      </section>
    );
  if (!view) return <ErrorText error={error} />;
  const { batch } = view;
  return (
    <section aria-labelledby="batch-heading">
      <h2 id="batch-heading">
        {batch.name} <span class="badge">{t(STAGE_WORDS[batch.stage])}</span>
      </h2>
      {batch.pauseReason && <Alerts lines={[batch.pauseReason]} />}
      <ProgressBar batch={batch} />
      {batch.state === 'paused' && (
        <p>{t('bulk_pausedSentNotSent', formatCount(batch.sent), formatCount(batch.notSent))}</p>
      )}
      {batch.state === 'stopped' && (
        <p>{t('bulk_stoppedSentNotSent', formatCount(batch.sent), formatCount(batch.notSent))}</p>
      )}
      <div class="row">
        {CONTROLS.filter(([control]) => batch.can[control]).map(([control, label]) => (
          <button
            key={control}
            type="button"
            class={control === 'cancelRest' ? 'danger' : undefined}
            disabled={action.busy}
            onClick={() => action.run(() => connector.call(`bulk.${control}`, { batchId }))}
          >
            {t(label)}
          </button>
        ))}
        <button type="button" disabled={action.busy} onClick={exportResults}>
          {t('bulk_exportResults')}
        </button>
        <button type="button" class="link" onClick={props.onNew}>
          {t('bulk_newBatch')}
        </button>
      </div>
      <ErrorText error={action.error ?? error} />
      <SelectField
        label={t('bulk_show')}
        value={filter}
        options={FILTERS.map(([value, key]) => [value, t(key)] as const)}
        onChange={setFilter}
      />
      <BatchOrders batchId={batchId} orders={view.orders} paused={batch.state === 'paused'} />
      {view.total > view.orders.length && (
        <button type="button" onClick={() => setLimit((old) => old + PAGE)}>
          {t('bulk_showMore', formatCount(view.total - view.orders.length))}
        </button>
      )}
    </section>
  );
}
