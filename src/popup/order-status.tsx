import { formatCents } from '../shared/money.ts';
import type { OrderRecord } from '../shared/order-record.ts';
import { ORDER_STATE_LABELS } from './labels.ts';

/** An order's state in a sentence or two: what happened, and what to change when it failed. */
export function OrderStatusLine({ order }: { order: OrderRecord }) {
  return (
    <div class={`status status-${order.state}`} role="status" aria-live="polite">
      <strong>{ORDER_STATE_LABELS[order.state]}</strong>
      {order.state === 'placed' && order.total !== undefined && (
        <span> · {formatCents(order.total, order.currency)}</span>
      )}
      {order.state === 'placed' && order.merchantOrderIds.length > 0 && (
        <span> · {order.merchantOrderIds.join(', ')}</span>
      )}
      {order.state === 'failed' && order.failure && (
        <p>
          {order.failure.title} {order.failure.fix} <code>{order.failure.code}</code>
        </p>
      )}
      {(order.state === 'sending' || order.state === 'unconfirmed') && order.schedule.lastError && (
        <p class="hint">{order.schedule.lastError}</p>
      )}
    </div>
  );
}
