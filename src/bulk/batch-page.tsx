import { useState } from 'preact/hooks';
import type { BatchFilter, BatchStage, BatchSummary } from '../shared/bulk/types.ts';
import { type MessageKey, t } from '../shared/i18n.ts';
import { formatCount } from '../shared/locale-format.ts';
import { useConnector } from '../ui/connector.ts';
import { download } from '../ui/download.ts';
import { Alerts, ErrorText } from '../ui/error-text.tsx';
import { SelectField } from '../ui/fields.tsx';
import { useBackground } from '../ui/use-background.ts';
import { BatchOrders } from './batch-orders.tsx';
import { useTask } from './use-task.ts';

/** A batch as a whole, in words. */
export const STAGE_WORDS: Record<BatchStage, MessageKey> = {
  placing: 'bulk_batchRunning',
  paused: 'bulk_batchPaused',
  finishing: 'bulk_batchFinishing',
  finished: 'bulk_batchFinished',
  stopped: 'bulk_batchStopped',
};

const PAGE = 200;
const FILTERS: [BatchFilter, MessageKey][] = [
  ['all', 'bulk_filterAll'],
  ['active', 'bulk_filterActive'],
  ['failed', 'bulk_filterFailed'],
  ['problems', 'bulk_filterProblems'],
];
const COUNTS: readonly (readonly [keyof BatchSummary['counts'], MessageKey])[] = [
  ['waiting', 'bulk_countWaiting'],
  ['held', 'bulk_countHeld'],
  ['sent', 'bulk_countSent'],
  ['placed', 'bulk_countPlaced'],
  ['failed', 'bulk_countFailed'],
  ['cancelled', 'bulk_countCancelled'],
];
/** The controls the background may offer (`batch.can`), each a message of its own name. */
const CONTROLS = [
  ['pause', 'bulk_pause'],
  ['resume', 'bulk_resume'],
  ['cancelRest', 'bulk_cancelRest'],
] as const;

/** A batch under way or done: how far it got, the controls, and every order's live status. */
export function BatchPage(props: { batchId: string; onNew: () => void }) {
  const { batchId } = props;
  const connector = useConnector();
  const [filter, setFilter] = useState<BatchFilter>('all');
  const [limit, setLimit] = useState(PAGE);
  // Read again on each change to a batch or an order, one read at a time while it runs.
  const { data: view, error } = useBackground(
    (c) => c.call('bulk.get', { batchId, filter, limit }),
    ['bulk', 'orders'],
    [batchId, filter, limit],
    undefined,
    undefined,
    true,
  );
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
  const { counts, orders } = batch;
  // Finished is placed or failed: a cancelled order never went out, so it is said apart.
  const finished = counts.placed + counts.failed;
  return (
    <section aria-labelledby="batch-heading">
      <h2 id="batch-heading">
        {batch.name} <span class="badge">{t(STAGE_WORDS[batch.stage])}</span>
      </h2>
      {batch.pauseReason && <Alerts lines={[batch.pauseReason]} />}
      <progress max={orders} value={finished} aria-label={t('bulk_ordersFinished')}>
        {t('bulk_finishedOf', formatCount(finished), formatCount(orders))}
      </progress>
      <p role="status">
        {t('bulk_finishedSentence', formatCount(finished), formatCount(orders))}
        {counts.cancelled > 0 && ` ${t('bulk_cancelledNeverSent', formatCount(counts.cancelled))}`}
      </p>
      <dl class="counts row" aria-label={t('bulk_ordersByState')}>
        {COUNTS.map(([key, label]) => (
          <div key={key}>
            <dt>{t(label)}</dt>
            <dd data-count={key}>{formatCount(counts[key])}</dd>
          </div>
        ))}
      </dl>
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
