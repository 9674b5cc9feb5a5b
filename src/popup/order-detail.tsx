import { useEffect, useState } from 'preact/hooks';
import { isRetailerCode, RETAILERS } from '../api/retailers.ts';
import { ask, BackgroundError } from '../shared/messaging.ts';
import { formatCents } from '../shared/money.ts';
import type { OrderDetail as Detail } from '../shared/protocol.ts';
import { CANCELLATION_STATE_LABELS } from './labels.ts';
import { OrderStatusLine } from './order-status.tsx';

type Tracking = {
  carrier?: string;
  tracking_number?: string;
  merchant_order_id?: string;
  product_id?: string;
};

/** One order: its money, merchant orders, tracking, history; refresh, abort and cancel. */
export function OrderDetail({ localId, onBack }: { localId: string; onBack: () => void }) {
  const [detail, setDetail] = useState<Detail | null | undefined>();
  const [confirming, setConfirming] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [raw, setRaw] = useState(false);

  useEffect(() => {
    let live = true;
    const load = async () => {
      const next = await ask('order.get', { localId }).catch(() => null);
      if (live) setDetail(next);
    };
    void load();
    const timer = setInterval(load, 1_000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [localId]);

  const act = async (run: () => Promise<Detail | null>) => {
    setError(undefined);
    try {
      const next = await run();
      if (next) setDetail(next);
    } catch (failure) {
      setError(failure instanceof BackgroundError ? failure.message : String(failure));
    }
  };

  if (detail === undefined) return <p>Loading…</p>;
  if (detail === null) {
    return (
      <section>
        <p>This order is not in the history.</p>
        <button type="button" onClick={onBack}>
          Back to orders
        </button>
      </section>
    );
  }
  const { order, cancellations } = detail;
  const response = order.response as Record<string, unknown> | undefined;
  const prices = (response?.price_components ?? {}) as Record<string, unknown>;
  const tracking = ((response?.tracking as Tracking[] | undefined) ?? []).filter(Boolean);
  const dates = (response?.delivery_dates as Record<string, unknown>[] | undefined) ?? [];
  const cancellable =
    isRetailerCode(order.retailer) &&
    RETAILERS[order.retailer].cancellation &&
    order.state === 'placed';

  return (
    <section aria-label="Order detail">
      <button type="button" class="link" onClick={onBack}>
        ← Orders
      </button>
      <h2>{order.title ?? order.productIds.join(', ')}</h2>
      <p class="hint">
        {order.retailer} · {new Date(order.createdAt).toLocaleString()} · request{' '}
        {order.requestId ?? 'not yet known'}
      </p>
      <OrderStatusLine order={order} />
      {Object.keys(prices).length > 0 && (
        <table aria-label="Price components">
          <tbody>
            {['subtotal', 'shipping', 'tax', 'total', 'managed_cost']
              .filter((key) => typeof prices[key] === 'number')
              .map((key) => (
                <tr key={key}>
                  <th scope="row">{key.replace('_', ' ')}</th>
                  <td>
                    {formatCents(
                      prices[key] as number,
                      (prices.currency as string | undefined) ?? order.currency,
                    )}
                  </td>
                </tr>
              ))}
          </tbody>
        </table>
      )}
      {order.merchantOrderIds.length > 0 && (
        <ul aria-label="Merchant orders">
          {order.merchantOrderIds.map((merchantOrderId) => {
            const cancellation = [...cancellations]
              .reverse()
              .find((entry) => entry.merchantOrderId === merchantOrderId);
            return (
              <li key={merchantOrderId}>
                <span>Merchant order {merchantOrderId}</span>
                {cancellation && (
                  <span class={`badge cancel-${cancellation.state}`} role="status">
                    {CANCELLATION_STATE_LABELS[cancellation.state]}
                    {cancellation.failure ? `: ${cancellation.failure.title}` : ''}
                  </span>
                )}
                {cancellable &&
                  (!cancellation || cancellation.state === 'failed') &&
                  (confirming === merchantOrderId ? (
                    <span class="row">
                      <button
                        type="button"
                        class="danger"
                        onClick={() =>
                          act(async () => {
                            setConfirming(undefined);
                            return ask('order.cancel', {
                              localId,
                              merchantOrderId,
                              draftId: crypto.randomUUID(),
                            });
                          })
                        }
                      >
                        Confirm cancellation of {merchantOrderId}
                      </button>
                      <button type="button" class="link" onClick={() => setConfirming(undefined)}>
                        Keep it
                      </button>
                    </span>
                  ) : (
                    <button type="button" onClick={() => setConfirming(merchantOrderId)}>
                      Cancel {merchantOrderId}
                    </button>
                  ))}
              </li>
            );
          })}
        </ul>
      )}
      {tracking.length > 0 && (
        <ul aria-label="Tracking">
          {tracking.map((entry) => (
            <li key={`${entry.merchant_order_id}-${entry.tracking_number}`}>
              {entry.carrier} {entry.tracking_number} ({entry.product_id})
            </li>
          ))}
        </ul>
      )}
      {dates.length > 0 && (
        <ul aria-label="Delivery dates">
          {dates.map((entry) => (
            <li key={JSON.stringify(entry)}>
              {String(entry.product_id ?? '')}: {String(entry.delivery_date ?? entry.date ?? '')}
            </li>
          ))}
        </ul>
      )}
      <div class="row">
        <button type="button" onClick={() => act(() => ask('order.refresh', { localId }))}>
          Refresh
        </button>
        {(order.state === 'processing' || order.state === 'sending') && (
          <button type="button" onClick={() => act(() => ask('order.abort', { localId }))}>
            Abort order
          </button>
        )}
        <button type="button" class="link" onClick={() => setRaw(!raw)} aria-expanded={raw}>
          {raw ? 'Hide raw response' : 'Show raw response'}
        </button>
      </div>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {raw && <pre class="raw">{JSON.stringify(order.response ?? null, null, 2)}</pre>}
    </section>
  );
}
