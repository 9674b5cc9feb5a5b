import { useEffect, useState } from 'preact/hooks';
import { CANCELLABLE_QUERY } from '../shared/first-screen.ts';
import { t } from '../shared/i18n.ts';
import type { OrderDetail, OrderView } from '../shared/protocol.ts';
import { retailerName } from '../shared/retailer-names.ts';
import { useConnector } from '../ui/connector.ts';
import { ErrorText } from '../ui/error-text.tsx';
import { focusOnMount } from '../ui/focus.ts';
import { useBackground } from '../ui/use-background.ts';
import { button } from './button.tsx';
import { distinctFacts, factsOf } from './order-facts.ts';
import { itemsOf, itemsText, retailerOrder, shipmentItems } from './order-items.ts';
import { cancellationLine, orderStateLabel, totalOf, useOrderDetail } from './order-parts.tsx';

const SHOWN = 3;

/**
 * Offered for cancelling, as the background answers it: a merchant order it would
 * cancel now, and no refused cancellation (the buyer is then told what else to do).
 */
const offeredToCancel = (order: OrderView) =>
  order.life.actions.cancel.length > 0 && !order.life.cancellation?.refused;

/**
 * On the first screen, the recent orders the background offers to cancel: opening the
 * popup, Cancel and its confirmation are the whole cancellation. One whose cancellation
 * started here moves under "Your cancellations", with its live state, while the popup
 * is open: it is no longer an order you can cancel.
 */
export function CancellableOrders(props: { initial?: OrderView[] | undefined }) {
  const read = useBackground(
    (c) => c.call('orders.query', CANCELLABLE_QUERY),
    ['orders'],
    [],
    undefined,
    props.initial,
  );
  // The orders whose cancellation started here, as their rows last read them: newer than
  // the list, which is read again only when the background announces a change.
  const [started, setStarted] = useState<Record<string, OrderView>>({});
  const current = (order: OrderView) => started[order.localId] ?? order;
  const offered = (read.data ?? []).map(current).filter(offeredToCancel).slice(0, SHOWN);
  const asked = Object.values(started)
    .filter((order) => !offered.some((other) => other.localId === order.localId))
    .sort((a, b) => b.createdAt - a.createdAt);
  if (offered.length + asked.length === 0) return null;
  const start = (order: OrderView) => setStarted((shown) => ({ ...shown, [order.localId]: order }));
  // A row's own reading of an order started here keeps its place right.
  const read_ = (order: OrderView) =>
    setStarted((shown) =>
      order.localId in shown && shown[order.localId] !== order
        ? { ...shown, [order.localId]: order }
        : shown,
    );
  const rows = { onStarted: start, onRead: read_ };
  return (
    <>
      <RecentOrders
        id="recent-heading"
        heading={t('popup_recentCancellable')}
        orders={offered}
        {...rows}
      />
      <RecentOrders
        id="asked-heading"
        heading={t('popup_yourCancellations')}
        orders={asked}
        {...rows}
      />
    </>
  );
}

/** A list of recent orders under its heading, each told apart from the others in it. */
function RecentOrders(props: {
  id: string;
  heading: string;
  orders: OrderView[];
  onStarted: (order: OrderView) => void;
  onRead: (order: OrderView) => void;
}) {
  if (props.orders.length === 0) return null;
  // What tells each row from the others in its list, as the Orders list tells them.
  const facts = distinctFacts(props.orders);
  return (
    <section aria-labelledby={props.id}>
      <h2 id={props.id}>{props.heading}</h2>
      <ul class="orders">
        {props.orders.map((order) => (
          <RecentOrder
            key={order.localId}
            order={order}
            facts={facts.get(order.localId)}
            onStarted={props.onStarted}
            onRead={props.onRead}
          />
        ))}
      </ul>
    </section>
  );
}

/** One recent order, read again whenever the background announces a change to it. */
function RecentOrder(props: {
  order: OrderView;
  facts: string[] | undefined;
  onStarted: (order: OrderView) => void;
  onRead: (order: OrderView) => void;
}) {
  const given = props.order;
  const live = useOrderDetail(given.localId, given);
  // The later of its own reading and the list's.
  const own = live.data?.order;
  const order = own && own.updatedAt >= given.updatedAt ? own : given;
  useEffect(() => {
    if (own) props.onRead(own);
  }, [own]);
  return (
    <li class="row recent">
      <span class="title">{order.life.title}</span>{' '}
      <span class="hint">{(props.facts ?? factsOf(order)).join(' · ')}</span>
      <CancelOrder
        order={order}
        numberShown
        onAnswer={(detail) => {
          props.onStarted(detail.order);
          live.answer(detail);
        }}
      />
    </li>
  );
}

/**
 * What a cancellation of these merchant orders (or of `one`) cancels, in words: the
 * items with their quantities, and the amount when it is the whole order.
 */
function whatCancels(order: OrderView, ids: readonly string[], one?: string): string {
  const count = order.merchantOrderIds.length;
  const whole = one ? count === 1 : ids.length === count;
  const items = itemsText(one ? (shipmentItems(order, one) ?? []) : itemsOf(order));
  const named = items || (one ? retailerOrder(order, one) : order.life.title);
  const total = whole ? totalOf(order) : undefined;
  return total ? t('popup_itemsFor', named, total) : named;
}

/**
 * "Cancel order", then one confirmation naming what it cancels ("Cancel 1 × Lamp,
 * $13.80"), which cancels every merchant order the background offers to cancel (or
 * only `merchantOrderId`). Each gets its key when the confirmation is asked, so a
 * confirmation after an error repeats the same cancellations, never new ones. The
 * order's cancellation then shows here until the retailer decides; once refused, what
 * the buyer can still do, and no second Cancel.
 */
export function CancelOrder(props: {
  order: OrderView;
  merchantOrderId?: string;
  /** The row above shows the retailer's order number: the confirmation does not repeat it. */
  numberShown?: boolean;
  onAnswer?: (detail: OrderDetail) => void;
}) {
  const { order, merchantOrderId: one } = props;
  const connector = useConnector();
  // The keys of the cancellations, once asked; null once the buyer kept the order.
  const [keys, setKeys] = useState<Record<string, string> | null>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const { cancellation } = order.life;
  const refused = cancellation?.refused === true && (!one || cancellation.merchantOrderId === one);
  const ids = refused ? [] : order.life.actions.cancel.filter((id) => !one || id === one);
  // Once asked: the cancellation under way or refused, else what the order came to.
  const line =
    !one && (cancellationLine(order) ?? (cancellation && orderStateLabel(order.life.shown)));

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

  const state = (line || refused) && (
    <div class="hint" role="status" tabIndex={-1} ref={focusOnMount}>
      {line && <p>{line}</p>}
      {/* What the buyer can still do; a shipment's line leaves it to the order's headline
          when that says it already (the detail shows both). */}
      {refused && !(one && order.life.unavailable) && (
        <p>{t('popup_refusedNext', retailerName(order.retailer))}</p>
      )}
    </div>
  );
  if (ids.length === 0) return state || null;
  const what = whatCancels(order, ids, one);
  if (!keys)
    return (
      <>
        {state}
        <button
          type="button"
          {...(one ? {} : { 'aria-label': t('popup_cancelOrderOf', order.life.title) })}
          // Kept: the focus comes back to where it was before the confirmation.
          {...(keys === null ? { ref: focusOnMount } : {})}
          onClick={() => setKeys(Object.fromEntries(ids.map((id) => [id, crypto.randomUUID()])))}
        >
          {/* A shipment of several by its items: two buttons never differ only in digits. */}
          {one && order.merchantOrderIds.length > 1
            ? t(
                'popup_cancelOf',
                itemsText(shipmentItems(order, one) ?? []) || retailerOrder(order, one),
              )
            : t('popup_cancelOrder')}
        </button>
      </>
    );
  return (
    <div class="confirm">
      {/* The retailer's number once: a shipment's or an order's own row shows it already. */}
      {ids.length === 1 ? (
        <p>
          {one || props.numberShown
            ? t('popup_cancelsWhen')
            : t('popup_cancelsOne', retailerOrder(order, ids[0] ?? ''))}
        </p>
      ) : (
        <>
          <p>{t('popup_cancelsAll', ids.length)}</p>
          <ul>
            {ids.map((id) => (
              <li key={id}>
                {t(
                  'popup_shipmentOf',
                  retailerOrder(order, id),
                  itemsText(shipmentItems(order, id) ?? []) || '—',
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      <div class="row">
        <button type="button" class="danger" ref={focusOnMount} disabled={busy} onClick={confirm}>
          {t('popup_cancelOf', what)}
        </button>
        {button(t('popup_keepIt'), () => setKeys(null), 'link')}
      </div>
      <ErrorText error={error} />
    </div>
  );
}
