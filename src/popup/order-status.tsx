import { type OrderRecord, PLACED_ORDER_STATES } from '../shared/order-record.ts';
import { money } from '../ui/formats.ts';
import { orderStateLabel, reasonOf, shownState } from './labels.ts';

/** An order's state in a sentence or two: what happened, and what to change when it failed. */
export function OrderStatusLine({ order }: { order: OrderRecord }) {
  const placed = PLACED_ORDER_STATES.includes(order.state);
  const total = typeof order.total === 'number' && Number.isFinite(order.total);
  const shown = shownState(order);
  return (
    <div class={`status s-${shown}`} role="status" aria-live="polite">
      <strong>{orderStateLabel(shown)}</strong>
      {placed && total && <span> · {money(order.total as number, order.currency)}</span>}
      {placed && order.merchantOrderIds.length > 0 && (
        <span> · {order.merchantOrderIds.join(', ')}</span>
      )}
      {order.state === 'failed' && order.failure && (
        <p>
          {reasonOf(order.failure)} {order.failure.fix} <code>{order.failure.code}</code>
        </p>
      )}
      {(order.state === 'sending' || order.state === 'unconfirmed') && order.schedule.lastError && (
        <p class="hint">{order.schedule.lastError}</p>
      )}
    </div>
  );
}
