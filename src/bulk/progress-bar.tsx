import type { BatchSummary } from '../shared/bulk/types.ts';

const COUNTS = [
  ['waiting', 'Waiting'],
  ['held', 'Held'],
  ['sent', 'Sent'],
  ['placed', 'Placed'],
  ['failed', 'Failed'],
  ['cancelled', 'Cancelled'],
] as const;

/** How far a batch got: a bar of finished orders, and the count in each state. */
export function ProgressBar(props: { batch: BatchSummary }) {
  const { counts, orders } = props.batch;
  const finished = counts.placed + counts.failed + counts.cancelled;
  return (
    <div>
      <progress max={orders} value={finished} aria-label="Orders finished">
        {finished} of {orders}
      </progress>
      <p role="status">
        {finished} of {orders} orders finished.
      </p>
      <dl class="counts" aria-label="Orders by state">
        {COUNTS.map(([key, label]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd data-count={key}>{counts[key]}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
