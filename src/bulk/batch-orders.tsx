import { useState } from 'preact/hooks';
import { problemText } from '../shared/bulk/sources.ts';
import type { BatchOrderView } from '../shared/bulk/types.ts';
import { FixOrder } from './fix-order.tsx';
import { canFix, orderStatusText } from './status-words.ts';

function products(order: BatchOrderView): string {
  return order.lines
    .map((line) => {
      const cells = line.cells;
      const id = cells.product_id || cells.product_url || '?';
      return cells.quantity && cells.quantity !== '1' ? `${id} × ${cells.quantity}` : id;
    })
    .join(', ');
}

function OrderRow(props: { batchId: string; order: BatchOrderView }) {
  const { order } = props;
  const [fixing, setFixing] = useState(false);
  const why = order.problems?.map(problemText).join(' ') ?? order.failure ?? '';
  return (
    <>
      <tr data-rows={order.rows.join(' ')}>
        <td>{order.rows.join(', ')}</td>
        <td>{products(order)}</td>
        <td>
          {orderStatusText(order)}
          {order.retriedBy !== undefined && <span class="hint"> (placed again)</span>}
          {order.retryOf !== undefined && <span class="hint"> (fixed)</span>}
        </td>
        <td>{order.requestId ?? ''}</td>
        <td>{order.merchantOrderIds.join(' ')}</td>
        <td>{order.tracking.join('; ')}</td>
        <td class={why ? 'error' : undefined}>{why}</td>
        <td>
          {canFix(order) && !fixing && (
            <button type="button" onClick={() => setFixing(true)}>
              Fix and place again
            </button>
          )}
        </td>
      </tr>
      {fixing && (
        <tr>
          <td colSpan={8}>
            <FixOrder batchId={props.batchId} order={order} onDone={() => setFixing(false)} />
          </td>
        </tr>
      )}
    </>
  );
}

/** Each order of the batch and its live status. */
export function BatchOrders(props: { batchId: string; orders: BatchOrderView[] }) {
  return (
    <table class="batch-orders" aria-label="Orders of the batch">
      <thead>
        <tr>
          <th scope="col">Rows</th>
          <th scope="col">Products</th>
          <th scope="col">Status</th>
          <th scope="col">Request id</th>
          <th scope="col">Merchant orders</th>
          <th scope="col">Tracking</th>
          <th scope="col">Problems</th>
          <th scope="col">
            <span class="hint">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {props.orders.map((order) => (
          <OrderRow key={order.localId} batchId={props.batchId} order={order} />
        ))}
      </tbody>
    </table>
  );
}
