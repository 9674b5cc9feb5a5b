import { formatCents } from '../shared/money.ts';
import type { OrderRecord } from '../shared/order-record.ts';
import { readOrderResponse } from '../shared/order-response-reader.ts';
import { orderStateLabel } from './labels.ts';

/** What names an order for the buyer: the page's title, else its product ids. */
export function orderTitle(order: Pick<OrderRecord, 'title' | 'productIds'>): string {
  const ids = Array.isArray(order.productIds) ? order.productIds.join(', ') : '';
  return order.title || ids || 'Untitled order';
}

function when(at: unknown): string {
  const date = new Date(typeof at === 'number' ? at : Number.NaN);
  return Number.isNaN(date.getTime()) ? 'date unknown' : date.toLocaleString();
}

/** One line of the orders list: title, state, retailer, total and date. */
export function OrderRow(props: { order: OrderRecord; onOpen: (localId: string) => void }) {
  const { order } = props;
  const title = orderTitle(order);
  const total =
    typeof order.total === 'number' && Number.isFinite(order.total)
      ? formatCents(order.total, order.currency)
      : '—';
  const unreadable = readOrderResponse(order.response).unreadable.length > 0;
  return (
    <li>
      <button
        type="button"
        class="order-row"
        onClick={() => props.onOpen(order.localId)}
        aria-label={`Open order ${title}`}
      >
        <span class="title">{title}</span>
        <span class={`badge status-${order.state}`}>{orderStateLabel(order.state)}</span>
        <span class="hint">
          {order.retailer} · {total} · {when(order.createdAt)}
          {unreadable ? ' · some details unreadable' : ''}
        </span>
      </button>
    </li>
  );
}
