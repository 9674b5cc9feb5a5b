import { useState } from 'preact/hooks';
import { t } from '../shared/i18n.ts';
import type { OrderDetail, OrderView } from '../shared/protocol.ts';
import { useConnector } from '../ui/connector.ts';
import { ErrorText } from '../ui/error-text.tsx';
import { focusOnMount } from '../ui/focus.ts';
import { cancellationLine, orderStateLabel } from './labels.ts';
import { orderTitle } from './order-row.tsx';

/**
 * "Cancel order", then one Confirm, which cancels every merchant order the background
 * offers to cancel (`life.actions.cancel`) and says which first. Each merchant order
 * gets its key when the confirmation is asked, so a second Confirm after an error
 * repeats the same cancellations, never new ones. Once asked, the cancellation's live
 * state shows here until the retailer decides: Cancelled, or refused and why.
 */
export function CancelOrder(props: { order: OrderView; onAnswer?: (detail: OrderDetail) => void }) {
  const { order } = props;
  const connector = useConnector();
  // The keys of the cancellations, once asked; null once the buyer kept the order.
  const [keys, setKeys] = useState<Record<string, string> | null>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const ids = order.life.actions.cancel;
  const title = orderTitle(order);
  // Once asked: the cancellation under way or refused, else what the order came to.
  const line =
    cancellationLine(order) ?? (order.life.cancellation && orderStateLabel(order.life.shown));

  async function confirm() {
    setBusy(true);
    setError(undefined);
    try {
      for (const merchantOrderId of ids) {
        const detail = await connector.call('order.cancel', {
          localId: order.localId,
          merchantOrderId,
          draftId: keys?.[merchantOrderId] ?? crypto.randomUUID(),
        });
        props.onAnswer?.(detail);
      }
      setKeys(undefined);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }

  const state = line && (
    <p class="hint" role="status" tabIndex={-1} ref={focusOnMount}>
      {line}
    </p>
  );
  if (ids.length === 0) return state || null;
  if (!keys)
    return (
      <>
        {state}
        <button
          type="button"
          aria-label={t('popup_cancelOrderOf', title)}
          // Kept: the focus comes back to where it was before the confirmation.
          {...(keys === null ? { ref: focusOnMount } : {})}
          onClick={() => setKeys(Object.fromEntries(ids.map((id) => [id, crypto.randomUUID()])))}
        >
          {t('popup_cancelOrder')}
        </button>
      </>
    );
  return (
    <div class="confirm">
      <p>
        {ids.length === 1
          ? t('popup_cancelsOne', ids.join())
          : t('popup_cancelsAll', ids.length, ids.join(', '))}
      </p>
      <div class="row">
        <button type="button" class="danger" ref={focusOnMount} disabled={busy} onClick={confirm}>
          {t('popup_confirmCancelOf', title)}
        </button>
        <button type="button" class="link" onClick={() => setKeys(null)}>
          {t('popup_keepIt')}
        </button>
      </div>
      <ErrorText error={error} />
    </div>
  );
}
