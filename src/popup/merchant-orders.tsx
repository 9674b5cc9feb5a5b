import { useState } from 'preact/hooks';
import type { CancellationRecord } from '../shared/order-record.ts';
import { cancellationStateLabel } from './labels.ts';

/**
 * The merchant orders of a placed order, each with its latest cancellation, and a
 * two-click cancel (ask, then confirm) where the retailer takes cancellations.
 */
export function MerchantOrders(props: {
  merchantOrderIds: readonly string[];
  cancellations: readonly CancellationRecord[];
  cancellable: boolean;
  onCancel: (merchantOrderId: string) => void;
}) {
  const [confirming, setConfirming] = useState<string | undefined>();
  if (props.merchantOrderIds.length === 0) return null;
  return (
    <ul aria-label="Merchant orders">
      {props.merchantOrderIds.map((merchantOrderId) => {
        const cancellation = [...props.cancellations]
          .reverse()
          .find((entry) => entry.merchantOrderId === merchantOrderId);
        const canCancel = props.cancellable && (!cancellation || cancellation.state === 'failed');
        return (
          <li key={merchantOrderId}>
            <span>Merchant order {merchantOrderId}</span>
            {cancellation && (
              <span class={`badge cancel-${cancellation.state}`}>
                {cancellationStateLabel(cancellation.state)}
                {cancellation.failure ? `: ${cancellation.failure.title}` : ''}
              </span>
            )}
            {canCancel &&
              (confirming === merchantOrderId ? (
                <span class="row">
                  <button
                    type="button"
                    class="danger"
                    onClick={() => {
                      setConfirming(undefined);
                      props.onCancel(merchantOrderId);
                    }}
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
  );
}
