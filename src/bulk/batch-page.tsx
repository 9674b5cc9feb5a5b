import { useState } from 'preact/hooks';
import type { BatchFilter } from '../shared/bulk/types.ts';
import { type MessageKey, t } from '../shared/i18n.ts';
import { formatCount } from '../shared/locale-format.ts';
import { useConnector } from '../ui/connector.ts';
import { download } from '../ui/download.ts';
import { Alerts, ErrorText } from '../ui/error-text.tsx';
import { SelectField } from '../ui/fields.tsx';
import { useBackground } from '../ui/use-background.ts';
import { BatchOrders } from './batch-orders.tsx';
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
  const [progress, ...more] = batch.words.progress;
  return (
    <section aria-labelledby="batch-heading">
      <h2 id="batch-heading">
        {batch.name} <span class="badge">{batch.words.stage}</span>
      </h2>
      {batch.pauseReason && <Alerts lines={[batch.pauseReason]} />}
      <progress max={orders} value={finished} aria-label={t('bulk_ordersFinished')}>
        {t('bulk_finishedOf', formatCount(finished), formatCount(orders))}
      </progress>
      <div role="status" class="progress-lines">
        <p>{progress}</p>
        {more.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
      <dl class="counts row" aria-label={t('bulk_ordersByState')}>
        {batch.tally.map(({ bucket, label, count }) => (
          <div key={bucket}>
            <dt>{label}</dt>
            <dd data-count={bucket}>{formatCount(count)}</dd>
          </div>
        ))}
      </dl>
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
      <BatchOrders batchId={batchId} orders={view.orders} />
      {view.total > view.orders.length && (
        <button type="button" onClick={() => setLimit((old) => old + PAGE)}>
          {t('bulk_showMore', formatCount(view.total - view.orders.length))}
        </button>
      )}
    </section>
  );
}
