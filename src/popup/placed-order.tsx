import { useState } from 'preact/hooks';
import { t } from '../shared/i18n.ts';
import { readOrderResponse } from '../shared/order-response-reader.ts';
import type { OrderView } from '../shared/protocol.ts';
import { useConnector } from '../ui/connector.ts';
import { ErrorText } from '../ui/error-text.tsx';
import { focusOnMount } from '../ui/focus.ts';
import { useBackground } from '../ui/use-background.ts';
import { CancelOrder } from './cancel-order.tsx';
import { orderTitle } from './order-row.tsx';
import { OrderStatusLine } from './order-status.tsx';
import { UnreadableNote } from './unreadable-note.tsx';
import { useSeen } from './use-seen.ts';
import { UsualPlacingTime } from './usual-placing-time.tsx';

/** Seconds left of the hold before sending, as of now; none when it cannot be undone. */
function holdSecondsLeft(order: OrderView): number | undefined {
  if (!order.life.actions.undo || order.holdUntil === undefined) return undefined;
  return Math.max(0, Math.ceil((order.holdUntil - Date.now()) / 1000));
}

/**
 * An order the buyer placed, followed live: read again whenever the background
 * announces a change to it. It offers what the background says can be done now: Undo
 * while held, Abort while the service places it, "Cancel order" once placed, "Order
 * again" after a failure that placed nothing.
 */
export function PlacedOrder(props: {
  order: OrderView;
  onShowOrders: () => void;
  onUndone: () => void;
  onOpen?: (localId: string) => void;
  onRetry?: (order: OrderView) => void;
  /** The heading takes the focus (placing moved the buyer here). */
  focus?: boolean;
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
  const [actionError, setActionError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const held = holdSecondsLeft(order);
  const { actions } = order.life;
  useSeen(order);

  async function act(run: () => Promise<void>) {
    setBusy(true);
    setActionError(undefined);
    try {
      await run();
    } catch (error) {
      setActionError(error);
    } finally {
      setBusy(false);
    }
  }
  const undo = () =>
    act(async () => {
      const result = await connector.call('order.undo', { localId });
      if (result.undone) props.onUndone();
      else if (result.order) live.show(result.order);
    });
  const abort = () =>
    act(async () => live.show((await connector.call('order.abort', { localId })).order));

  return (
    <section aria-label={t('popup_placedOrder')}>
      <h2 tabIndex={-1} {...(props.focus === false ? {} : { ref: focusOnMount })}>
        {orderTitle(order)}
      </h2>
      <OrderStatusLine order={order} />
      <UsualPlacingTime order={order} now={Date.now()} />
      <UnreadableNote parts={readOrderResponse(order.response).unreadable} />
      {held !== undefined && (
        <div class="row">
          <p class="hint">{t('popup_heldFor', held)}</p>
          <button type="button" class="danger" disabled={busy} onClick={undo}>
            {t('popup_undo')}
          </button>
        </div>
      )}
      {actions.abort && (
        <button type="button" class="danger" disabled={busy} onClick={abort}>
          {t('popup_abort')}
        </button>
      )}
      <CancelOrder order={order} onAnswer={(detail) => live.show(detail.order)} />
      <ErrorText error={actionError ?? live.error} />
      <div class="row">
        {actions.retry && props.onRetry && (
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
