import { useState } from 'preact/hooks';
import { t } from '../shared/i18n.ts';
import type { OrderDetail, OrderView } from '../shared/protocol.ts';
import { retailerName } from '../shared/retailer-names.ts';
import { useConnector } from '../ui/connector.ts';
import { ErrorText } from '../ui/error-text.tsx';
import { focusOnMount } from '../ui/focus.ts';
import { button } from './button.tsx';

type Answer = Partial<OrderDetail> & Pick<OrderDetail, 'order'>;
/** The background's three ways of stopping an order not yet placed, by the message that does it. */
type Stop = 'undo' | 'abort' | 'withdraw';

/** Which way the background offers now (`life.actions`), if any: at most one applies at a time. */
function stopOf(order: OrderView): Stop | undefined {
  const { actions } = order.life;
  if (actions.undo) return 'undo';
  if (actions.abort) return 'abort';
  return actions.withdraw ? 'withdraw' : undefined;
}

/** What "Cancel order" means for this order now, in a sentence beside the button. */
function contextOf(order: OrderView, stop: Stop): string {
  if (stop === 'undo')
    // The seconds left of the hold before sending, as of now.
    return t(
      'popup_heldFor',
      Math.max(0, Math.ceil(((order.holdUntil ?? Date.now()) - Date.now()) / 1000)),
    );
  if (stop === 'abort') return t('popup_stopWhilePlacing');
  return order.life.actions.withdraw === 'may_be_placed'
    ? t('popup_stopMayBePlaced', retailerName(order.retailer))
    : t('popup_stopNothingPlaced');
}

/**
 * "Cancel order" for an order not yet placed: one verb for held, being sent, waiting
 * for a token and being placed, with a sentence saying what it means there. Where the
 * service may already have placed it, a confirmation says so first.
 */
export function StopOrder(props: {
  order: OrderView;
  onAnswer: (reply: Answer) => void;
  onUndone: () => void;
}) {
  const connector = useConnector();
  const { order } = props;
  const stop = stopOf(order);
  const [asking, setAsking] = useState<boolean | null>(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  if (!stop) return null;

  const run = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const reply = await connector.call(`order.${stop}`, { localId: order.localId });
      // Taken back: nothing was sent, and the order is gone from the history.
      if (reply && 'undone' in reply && reply.undone) props.onUndone();
      else if (reply?.order) props.onAnswer({ ...reply, order: reply.order });
      setAsking(false);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  const caveat = stop === 'withdraw' && order.life.actions.withdraw === 'may_be_placed';
  return (
    <div class="stop">
      <p class="hint">{contextOf(order, stop)}</p>
      {asking ? (
        <div class="confirm">
          <div class="row">
            <button type="button" class="danger" ref={focusOnMount} disabled={busy} onClick={run}>
              {t('popup_cancelAnyway')}
            </button>
            {button(t('popup_keepIt'), () => setAsking(null), 'link')}
          </div>
        </div>
      ) : (
        <button
          type="button"
          class="danger"
          disabled={busy}
          // Kept: the focus comes back to where it was before the confirmation.
          {...(asking === null ? { ref: focusOnMount } : {})}
          onClick={() => (caveat ? setAsking(true) : run())}
        >
          {t('popup_cancelOrder')}
        </button>
      )}
      <ErrorText error={error} />
    </div>
  );
}
