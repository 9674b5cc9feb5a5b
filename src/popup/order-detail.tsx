import { useState } from 'preact/hooks';
import { isRetailerCode, RETAILERS } from '../api/retailers.ts';
import { readOrderResponse } from '../shared/order-response-reader.ts';
import type { OrderDetail as Detail } from '../shared/protocol.ts';
import { useConnector } from '../ui/connector.ts';
import { ErrorText } from '../ui/error-text.tsx';
import { useBackground } from '../ui/use-background.ts';
import { MerchantOrders } from './merchant-orders.tsx';
import { OrderFacts } from './order-facts.tsx';
import { orderTitle } from './order-row.tsx';
import { OrderStatusLine } from './order-status.tsx';
import { UnreadableNote } from './unreadable-note.tsx';

/** States in which merchant orders may still be cancelled. */
const CANCELLABLE_STATES: readonly string[] = ['placed', 'partly_cancelled'];
/** States in which the service may still be placing the order, so it can be aborted. */
const ABORTABLE_STATES: readonly string[] = ['processing', 'sending'];

function when(at: number): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? 'date unknown' : date.toLocaleString();
}

/**
 * One order: its state, money, merchant orders, tracking; refresh, abort and cancel.
 * Read again whenever the background announces a change to this order.
 */
export function OrderDetail({ localId, onBack }: { localId: string; onBack: () => void }) {
  const connector = useConnector();
  const detail = useBackground(
    (c) => c.call('order.get', { localId }),
    ['orders'],
    [localId],
    (notice) => !notice.orderIds || notice.orderIds.includes(localId),
  );
  const [actionError, setActionError] = useState<unknown>();
  const [raw, setRaw] = useState(false);

  const act = async (run: () => Promise<Detail | null>) => {
    setActionError(undefined);
    try {
      const next = await run();
      if (next) detail.show(next);
    } catch (error) {
      setActionError(error);
    }
  };

  if (detail.data === undefined)
    return detail.error ? <ErrorText error={detail.error} /> : <p>Loading…</p>;
  if (detail.data === null) {
    return (
      <section aria-label="Order detail">
        <p>This order is not in the history.</p>
        <button type="button" onClick={onBack}>
          Back to orders
        </button>
      </section>
    );
  }
  const { order, cancellations } = detail.data;
  const facts = readOrderResponse(order.response);
  const cancellable =
    isRetailerCode(order.retailer) &&
    RETAILERS[order.retailer].cancellation &&
    CANCELLABLE_STATES.includes(order.state);

  return (
    <section aria-label="Order detail">
      <button type="button" class="link" onClick={onBack}>
        ← Orders
      </button>
      <h2>{orderTitle(order)}</h2>
      <p class="hint">
        {order.retailer} · {when(order.createdAt)} · request {order.requestId ?? 'not yet known'}
      </p>
      <OrderStatusLine order={order} />
      <OrderFacts order={order} facts={facts} />
      <MerchantOrders
        merchantOrderIds={order.merchantOrderIds}
        cancellations={cancellations}
        cancellable={cancellable}
        onCancel={(merchantOrderId) =>
          act(() =>
            connector.call('order.cancel', {
              localId,
              merchantOrderId,
              draftId: crypto.randomUUID(),
            }),
          )
        }
      />
      <UnreadableNote parts={facts.unreadable} />
      <div class="row">
        <button
          type="button"
          onClick={() => act(() => connector.call('order.refresh', { localId }))}
        >
          Refresh
        </button>
        {ABORTABLE_STATES.includes(order.state) && (
          <button
            type="button"
            onClick={() => act(() => connector.call('order.abort', { localId }))}
          >
            Abort order
          </button>
        )}
        <button type="button" class="link" onClick={() => setRaw(!raw)} aria-expanded={raw}>
          {raw ? 'Hide raw response' : 'Show raw response'}
        </button>
      </div>
      <ErrorText error={actionError} />
      {raw && <pre class="raw">{JSON.stringify(order.response ?? null, null, 2)}</pre>}
    </section>
  );
}
