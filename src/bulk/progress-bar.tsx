import type { BatchSummary } from '../shared/bulk/types.ts';
import { type MessageKey, t } from '../shared/i18n.ts';
import { formatCount } from '../shared/locale-format.ts';

const COUNTS: readonly (readonly [keyof BatchSummary['counts'], MessageKey])[] = [
  ['waiting', 'bulk_countWaiting'],
  ['held', 'bulk_countHeld'],
  ['sent', 'bulk_countSent'],
  ['placed', 'bulk_countPlaced'],
  ['failed', 'bulk_countFailed'],
  ['cancelled', 'bulk_countCancelled'],
];

/**
 * How far a batch got: a bar of finished orders (placed or failed; a cancelled order never
 * went out, so it is said apart), and the count in each state.
 */
export function ProgressBar(props: { batch: BatchSummary }) {
  const { counts, orders } = props.batch;
  const finished = counts.placed + counts.failed;
  return (
    <div>
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
    </div>
  );
}
