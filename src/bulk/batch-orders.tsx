import { useState } from 'preact/hooks';
import { problemText } from '../shared/bulk/sources.ts';
import type { BatchOrderView } from '../shared/bulk/types.ts';
import { type MessageKey, t } from '../shared/i18n.ts';
import { FixOrder } from './fix-order.tsx';
import { orderStatusText } from './status-words.ts';

const HEADINGS: readonly MessageKey[] = [
  'bulk_colRows',
  'bulk_colProducts',
  'bulk_colStatus',
  'bulk_colRequestId',
  'bulk_colMerchantOrders',
  'bulk_colTracking',
  'bulk_colProblems',
];

function products(order: BatchOrderView): string {
  return order.lines
    .map(({ cells: { product_id, product_url, quantity } }) => {
      const id = product_id || product_url || '?';
      return quantity && quantity !== '1' ? t('bulk_productTimes', id, quantity) : id;
    })
    .join(', ');
}

function OrderRow(props: { batchId: string; order: BatchOrderView; paused: boolean }) {
  const { order } = props;
  const [fixing, setFixing] = useState(false);
  const why = order.problems?.map(problemText).join(' ') ?? order.failure ?? '';
  return (
    <>
      <tr data-rows={order.rows.join(' ')}>
        <td>{order.rows.join(', ')}</td>
        <td>{products(order)}</td>
        <td>
          {orderStatusText(order, props.paused)}
          {order.retriedBy !== undefined && <span class="hint"> {t('bulk_placedAgain')}</span>}
          {order.retryOf !== undefined && <span class="hint"> {t('bulk_fixedOrder')}</span>}
        </td>
        <td>{order.requestId ?? ''}</td>
        <td>{order.merchantOrderIds.join(' ')}</td>
        <td>{order.tracking.join('; ')}</td>
        <td class={why ? 'problems error' : 'problems'}>{why}</td>
        <td>
          {order.fixable && !fixing && (
            <button type="button" onClick={() => setFixing(true)}>
              {t('bulk_fixAndPlace')}
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
export function BatchOrders(props: { batchId: string; orders: BatchOrderView[]; paused: boolean }) {
  const { orders, ...row } = props;
  return (
    <div class="table-scroll">
      <table class="batch-orders" aria-label={t('bulk_ordersOfBatch')}>
        <thead>
          <tr>
            {HEADINGS.map((key) => (
              <th key={key} scope="col">
                {t(key)}
              </th>
            ))}
            <th scope="col">
              <span class="hint">{t('bulk_colActions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <OrderRow key={order.localId} {...row} order={order} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
