import { useState } from 'preact/hooks';
import { t } from '../shared/i18n.ts';
import type { OrderRecord } from '../shared/order-record.ts';
import { readOrderResponse } from '../shared/order-response-reader.ts';
import { useConnector } from '../ui/connector.ts';
import { ErrorText } from '../ui/error-text.tsx';
import { focusOnMount } from '../ui/focus.ts';
import { useBackground } from '../ui/use-background.ts';
import { CancelOrder, canCancel } from './cancel-order.tsx';
import { orderTitle } from './order-row.tsx';
import { OrderStatusLine } from './order-status.tsx';
import { UnreadableNote } from './unreadable-note.tsx';
import { useSeen } from './use-seen.ts';

/** Seconds left of the hold before sending, as of now; none when the order is not held. */
function holdSecondsLeft(order: OrderRecord): number | undefined {
  if (order.state !== 'held' || order.holdUntil === undefined) return undefined;
  return Math.max(0, Math.ceil((order.holdUntil - Date.now()) / 1000));
}

/** What a failed order offers: to order again, unless it may have been placed after all. */
export const canRetry = (order: OrderRecord) =>
  order.state === 'failed' && !order.failure?.needsCheck;

/**
 * The order just placed, followed live: read again whenever the background announces
 * a change to it. While it is held before sending, Undo takes it back; once placed, it
 * can be cancelled from here; a failure offers to order again with the same form.
 */
export function PlacedOrder(props: {
  order: OrderRecord;
  onShowOrders: () => void;
  onUndone: () => void;
  onOpen?: (localId: string) => void;
  onRetry?: (order: OrderRecord) => void;
}) {
  const connector = useConnector();
  const { localId } = props.order;
  const live = useBackground(
    async (c) => (await c.call('order.get', { localId }))?.order ?? props.order,
    ['orders'],
    [localId],
    (notice) => !notice.orderIds || notice.orderIds.includes(localId),
  );
  const order = live.data ?? props.order;
  const [undoError, setUndoError] = useState<unknown>();
  const [undoing, setUndoing] = useState(false);
  const held = holdSecondsLeft(order);
  useSeen(order);

  async function undo() {
    setUndoing(true);
    setUndoError(undefined);
    try {
      const result = await connector.call('order.undo', { localId });
      if (result.undone) props.onUndone();
      else if (result.order) live.show(result.order);
    } catch (error) {
      setUndoError(error);
    } finally {
      setUndoing(false);
    }
  }

  return (
    <section aria-label={t('popup_placedOrder')}>
      {/* Placing moved the buyer here: the heading takes the focus the button had. */}
      <h2 tabIndex={-1} ref={focusOnMount}>
        {orderTitle(order)}
      </h2>
      <OrderStatusLine order={order} />
      <UnreadableNote parts={readOrderResponse(order.response).unreadable} />
      {held !== undefined && (
        <div class="row">
          <p class="hint">{t('popup_heldFor', held)}</p>
          <button type="button" class="danger" disabled={undoing} onClick={undo}>
            {t('popup_undo')}
          </button>
        </div>
      )}
      {canCancel(order) && <CancelOrder order={order} />}
      <ErrorText error={undoError ?? live.error} />
      <div class="row">
        {canRetry(order) && props.onRetry && (
          <button type="button" class="primary" onClick={() => props.onRetry?.(order)}>
            {t('popup_orderAgain')}
          </button>
        )}
        <button type="button" onClick={props.onShowOrders}>
          {t('popup_seeAllOrders')}
        </button>
        {props.onOpen && (
          <button type="button" class="link" onClick={() => props.onOpen?.(localId)}>
            {t('popup_openDetails')}
          </button>
        )}
      </div>
    </section>
  );
}
