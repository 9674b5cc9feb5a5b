import { useState } from 'preact/hooks';
import { t } from '../shared/i18n.ts';
import type { CancellationRecord } from '../shared/order-record.ts';
import type { OrderActions } from '../shared/protocol.ts';
import { focusOnMount } from '../ui/focus.ts';
import { cancellationStateLabel, reasonOf } from './labels.ts';

/**
 * The merchant orders of a placed order, each with its latest cancellation, and a
 * two-click cancel (ask, then confirm) for each merchant order the background offers to
 * cancel now (`cancellable`, from the order's life).
 */
export function MerchantOrders(props: {
  merchantOrderIds: readonly string[];
  cancellations: readonly CancellationRecord[];
  cancellable: OrderActions['cancel'];
  onCancel: (merchantOrderId: string) => void;
}) {
  const [confirming, setConfirming] = useState<string | undefined>();
  // The merchant order the buyer kept: its Cancel takes back the focus.
  const [kept, setKept] = useState<string>();
  if (props.merchantOrderIds.length === 0) return null;
  return (
    <ul aria-label={t('popup_merchantOrders')}>
      {props.merchantOrderIds.map((merchantOrderId) => {
        const cancellation = [...props.cancellations]
          .reverse()
          .find((entry) => entry.merchantOrderId === merchantOrderId);
        const offered = props.cancellable.includes(merchantOrderId);
        return (
          <li key={merchantOrderId}>
            <span>{t('popup_merchantOrder', merchantOrderId)}</span>
            {cancellation && (
              <span class={`badge c-${cancellation.state}`}>
                {cancellationStateLabel(cancellation.state)}
                {cancellation.failure ? `: ${reasonOf(cancellation.failure)}` : ''}
              </span>
            )}
            {offered &&
              (confirming === merchantOrderId ? (
                <span class="row">
                  <button
                    type="button"
                    class="danger"
                    // The next step is this button: it takes the focus the first click had.
                    ref={focusOnMount}
                    onClick={() => {
                      setConfirming(undefined);
                      props.onCancel(merchantOrderId);
                    }}
                  >
                    {t('popup_confirmCancelOf', merchantOrderId)}
                  </button>
                  <button
                    type="button"
                    class="link"
                    onClick={() => {
                      setConfirming(undefined);
                      setKept(merchantOrderId);
                    }}
                  >
                    {t('popup_keepIt')}
                  </button>
                </span>
              ) : (
                <button
                  type="button"
                  {...(kept === merchantOrderId ? { ref: focusOnMount } : {})}
                  onClick={() => setConfirming(merchantOrderId)}
                >
                  {t('popup_cancelOf', merchantOrderId)}
                </button>
              ))}
          </li>
        );
      })}
    </ul>
  );
}
