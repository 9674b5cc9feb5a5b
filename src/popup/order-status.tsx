import type { OrderView } from '../shared/protocol.ts';
import { money } from '../ui/formats.ts';
import { orderStateLabel, reasonOf } from './labels.ts';

/**
 * An order's state in a sentence or two: what happened, what to change when it failed,
 * and why Cancel or Abort is not offered when it is not. (Its cancellation is told
 * beside its merchant orders, or beside its Cancel.)
 */
export function OrderStatusLine({ order }: { order: OrderView }) {
  const { life } = order;
  const placed = life.phase === 'placed';
  const total = typeof order.total === 'number' && Number.isFinite(order.total);
  return (
    <div class={`status s-${life.shown}`} role="status" aria-live="polite">
      <strong>{orderStateLabel(life.shown)}</strong>
      {placed && total && <span> · {money(order.total as number, order.currency)}</span>}
      {placed && order.merchantOrderIds.length > 0 && (
        <span> · {order.merchantOrderIds.join(', ')}</span>
      )}
      {life.phase === 'failed' && order.failure && (
        <p>
          {reasonOf(order.failure)} {order.failure.fix} <code>{order.failure.code}</code>
        </p>
      )}
      {life.trouble && <p class="hint">{life.trouble}</p>}
      {life.unavailable && <p class="hint">{life.unavailable}</p>}
    </div>
  );
}
