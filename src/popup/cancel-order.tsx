import { useState } from 'preact/hooks';
import { isRetailerCode, RETAILERS } from '../api/retailers.ts';
import { t } from '../shared/i18n.ts';
import type { OrderRecord } from '../shared/order-record.ts';
import { useConnector } from '../ui/connector.ts';
import { ErrorText } from '../ui/error-text.tsx';
import { focusOnMount } from '../ui/focus.ts';
import { orderTitle } from './order-row.tsx';

/** The merchant orders of an order not cancelled yet. */
export function openMerchantOrders(order: OrderRecord): string[] {
  const done = order.cancelledMerchantOrderIds ?? [];
  return order.merchantOrderIds.filter((id) => !done.includes(id));
}

/** Placed, at a retailer that takes cancellations (retailers.ts), with a merchant order left. */
export function canCancel(order: OrderRecord): boolean {
  return (
    (order.state === 'placed' || order.state === 'partly_cancelled') &&
    isRetailerCode(order.retailer) &&
    RETAILERS[order.retailer].cancellation &&
    openMerchantOrders(order).length > 0
  );
}

/**
 * Cancel, then one Confirm, which cancels every merchant order of the order still open
 * and says which first. Each merchant order gets its key when the confirmation is
 * asked, so a second Confirm after an error repeats the same cancellations, never new ones.
 */
export function CancelOrder({ order }: { order: OrderRecord }) {
  const connector = useConnector();
  // The keys of the cancellations, once asked; null once the buyer kept the order.
  const [keys, setKeys] = useState<Record<string, string> | null>();
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const ids = openMerchantOrders(order);
  const title = orderTitle(order);

  async function confirm() {
    setBusy(true);
    setError(undefined);
    try {
      for (const merchantOrderId of ids)
        await connector.call('order.cancel', {
          localId: order.localId,
          merchantOrderId,
          draftId: keys?.[merchantOrderId] ?? crypto.randomUUID(),
        });
      setSent(true);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }

  if (sent)
    return (
      <p class="hint" role="status" tabIndex={-1} ref={focusOnMount}>
        {t('popup_cancelSent')}
      </p>
    );
  if (!keys)
    return (
      <button
        type="button"
        aria-label={t('popup_cancelOf', title)}
        // Kept: the focus comes back to where it was before the confirmation.
        {...(keys === null ? { ref: focusOnMount } : {})}
        onClick={() => setKeys(Object.fromEntries(ids.map((id) => [id, crypto.randomUUID()])))}
      >
        {t('popup_cancel')}
      </button>
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
