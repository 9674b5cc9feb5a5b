import { useState } from 'preact/hooks';
import type { OrderRecord } from '../shared/order-record.ts';
import { readOrderResponse } from '../shared/order-response-reader.ts';
import { useConnector } from '../ui/connector.ts';
import { ErrorText } from '../ui/error-text.tsx';
import { useBackground } from '../ui/use-background.ts';
import { orderTitle } from './order-row.tsx';
import { OrderStatusLine } from './order-status.tsx';
import { UnreadableNote } from './unreadable-note.tsx';

/** Seconds left of the hold before sending, as of now; none when the order is not held. */
function holdSecondsLeft(order: OrderRecord): number | undefined {
  if (order.state !== 'held' || order.holdUntil === undefined) return undefined;
  return Math.max(0, Math.ceil((order.holdUntil - Date.now()) / 1000));
}

/**
 * The order just placed, followed live: read again whenever the background announces
 * a change to it. While it is held before sending, Undo takes it back.
 */
export function PlacedOrder(props: {
  order: OrderRecord;
  onShowOrders: () => void;
  onUndone: () => void;
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
    <section aria-label="Placed order">
      <h2>{orderTitle(order)}</h2>
      <OrderStatusLine order={order} />
      <UnreadableNote parts={readOrderResponse(order.response).unreadable} />
      {held !== undefined && (
        <div class="row">
          <p class="hint">Sent in about {held} s unless you undo it.</p>
          <button type="button" class="danger" disabled={undoing} onClick={undo}>
            Undo
          </button>
        </div>
      )}
      <ErrorText error={undoError ?? live.error} />
      <button type="button" onClick={props.onShowOrders}>
        See all orders
      </button>
    </section>
  );
}
