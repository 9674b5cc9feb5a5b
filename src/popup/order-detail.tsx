import { useState } from 'preact/hooks';
import { t } from '../shared/i18n.ts';
import {
  type PriceKey,
  type ResponseFacts,
  readOrderResponse,
} from '../shared/order-response-reader.ts';
import type { OrderDetail as Detail, OrderView } from '../shared/protocol.ts';
import { retailerName } from '../shared/retailer-names.ts';
import { ErrorText } from '../ui/error-text.tsx';
import { focusOnMount } from '../ui/focus.ts';
import { day, moment, money } from '../ui/formats.ts';
import { button } from './button.tsx';
import { CancelOrder } from './cancellable-orders.tsx';
import { itemsText, quantityOf, retailerOrder, shipmentItems } from './order-items.ts';
import {
  cancellationStateLabel,
  OrderActions,
  OrderStatusLine,
  reasonOf,
  UnreadableNote,
  useOrderDetail,
} from './order-parts.tsx';

/** One order: its state, money, merchant orders, tracking, and what can be done with it now. */
export function OrderDetail(props: {
  localId: string;
  onBack: () => void;
  onRetry?: (order: OrderView) => void;
}) {
  const { localId, onBack } = props;
  const detail = useOrderDetail(localId);
  const [raw, setRaw] = useState(false);

  if (detail.data === undefined)
    return detail.error ? <ErrorText error={detail.error} /> : <p>{t('popup_loading')}</p>;
  if (detail.data === null) {
    return (
      <section aria-label={t('popup_orderDetail')}>
        <p>{t('popup_notInHistory')}</p>
        {button(t('popup_backToOrders'), onBack)}
      </section>
    );
  }
  const { order } = detail.data;
  const facts = readOrderResponse(order.response);
  const quantity = quantityOf(order);

  return (
    <section aria-label={t('popup_orderDetail')}>
      {button(t('popup_back'), onBack, 'link')}
      <h2 tabIndex={-1} ref={focusOnMount}>
        {order.life.title}
      </h2>
      <p class="hint">
        {[
          retailerName(order.retailer),
          quantity !== undefined && t('popup_quantityShort', quantity),
          moment(order.createdAt) ?? t('popup_dateUnknown'),
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <OrderStatusLine order={order} />
      <OrderFacts order={order} facts={facts} />
      <MerchantOrders detail={detail.data} onAnswer={detail.answer} />
      <UnreadableNote parts={facts.unreadable} />
      <OrderActions
        order={order}
        onAnswer={detail.answer}
        onUndone={onBack}
        onRetry={props.onRetry}
        refresh
      >
        <button type="button" class="link" onClick={() => setRaw(!raw)} aria-expanded={raw}>
          {t(raw ? 'popup_hideRaw' : 'popup_showRaw')}
        </button>
      </OrderActions>
      {raw && (
        <>
          {/* The service's own reference is for its support: shown with its raw answer only. */}
          <p class="hint">{t('popup_requestId', order.requestId ?? t('popup_notYetKnown'))}</p>
          <pre class="raw">{JSON.stringify(order.response ?? null, null, 2)}</pre>
        </>
      )}
    </section>
  );
}

/** An order the buyer placed (or one in flight), followed live, with what can be done now. */
export function PlacedOrder(props: {
  order: OrderView;
  onShowOrders: () => void;
  onUndone: () => void;
  onOpen?: (localId: string) => void;
  onRetry?: (order: OrderView) => void;
  /** The heading takes the focus (placing moved the buyer here). */
  focus?: boolean;
}) {
  const { localId } = props.order;
  const live = useOrderDetail(localId);
  const order = live.data?.order ?? props.order;
  return (
    <section aria-label={t('popup_placedOrder')}>
      <h2 tabIndex={-1} {...(props.focus === false ? {} : { ref: focusOnMount })}>
        {order.life.title}
      </h2>
      <OrderStatusLine order={order} numbers />
      <UnreadableNote parts={readOrderResponse(order.response).unreadable} />
      <CancelOrder order={order} onAnswer={live.answer} />
      <ErrorText error={live.error} />
      <OrderActions
        order={order}
        onAnswer={live.answer}
        onUndone={props.onUndone}
        onRetry={props.onRetry}
      >
        {button(t('popup_seeAllOrders'), props.onShowOrders)}
        {props.onOpen && button(t('popup_openDetails'), () => props.onOpen?.(localId), 'link')}
      </OrderActions>
    </section>
  );
}

/** A price component's label; the compiler checks each has its message. */
function priceLabel(component: PriceKey): string {
  const key = `popup_price_${component}` as const;
  return t(key);
}

/** The money, tracking and delivery dates of an order, as far as the service's answer gives them. */
function OrderFacts({ order, facts }: { order: OrderView; facts: ResponseFacts }) {
  const currency = facts.currency ?? order.currency;
  // A cancelled shipment will not be delivered: its tracking and dates no longer apply
  // (the raw response keeps them).
  const cancelled = new Set(order.cancelledMerchantOrderIds ?? []);
  const allCancelled =
    order.merchantOrderIds.length > 0 && order.merchantOrderIds.every((id) => cancelled.has(id));
  const cancelledProducts = new Set(
    facts.shipments
      .filter((entry) => cancelled.has(entry.merchantOrderId))
      .map((entry) => entry.productId),
  );
  const applies = (productId?: string) =>
    !allCancelled && !(productId && cancelledProducts.has(productId));
  const tracking = facts.tracking.filter(
    (line) =>
      !allCancelled &&
      !(line.merchantOrderId ? cancelled.has(line.merchantOrderId) : !applies(line.productId)),
  );
  const dates = (Array.isArray(order.deliveryDates) ? order.deliveryDates : []).filter((entry) =>
    applies(entry.productId),
  );
  return (
    <>
      {facts.prices.length > 0 && (
        <table aria-label={t('popup_prices')}>
          <tbody>
            {facts.prices.map(({ key, cents }) => (
              <tr key={key}>
                <th scope="row">{priceLabel(key)}</th>
                <td>{money(cents, currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {tracking.length > 0 && (
        <ul aria-label={t('popup_tracking')}>
          {tracking.map((line, index) => (
            <li key={`${index}-${line.trackingNumber}`}>
              {[line.carrier, line.trackingNumber].filter(Boolean).join(' ') || t('popup_tracking')}
              {line.productId ? ` (${line.productId})` : ''}
            </li>
          ))}
        </ul>
      )}
      {dates.length > 0 && (
        <ul aria-label={t('popup_deliveryDates')}>
          {dates.map((entry, index) => (
            <li key={`${index}-${entry.date}`}>
              {entry.productId ? `${entry.productId}: ` : ''}
              {entry.latest
                ? t('popup_deliveryBetween', day(entry.date), day(entry.latest))
                : t('popup_deliveryBy', day(entry.date))}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The merchant orders, each with its latest cancellation and its own two-click cancel. */
function MerchantOrders(props: { detail: Detail; onAnswer: (detail: Detail) => void }) {
  const { order, cancellations } = props.detail;
  if (order.merchantOrderIds.length === 0) return null;
  const several = order.merchantOrderIds.length > 1;
  return (
    <ul aria-label={t('popup_merchantOrders')} class="shipments">
      {order.merchantOrderIds.map((merchantOrderId) => {
        const cancellation = cancellations.findLast(
          (entry) => entry.merchantOrderId === merchantOrderId,
        );
        const items = several && itemsText(shipmentItems(order, merchantOrderId) ?? []);
        return (
          <li key={merchantOrderId}>
            <span>
              {items
                ? t('popup_shipmentOf', retailerOrder(order, merchantOrderId), items)
                : retailerOrder(order, merchantOrderId)}
            </span>
            {cancellation && (
              <span class={`badge c-${cancellation.state}`}>
                {cancellationStateLabel(cancellation.state)}
                {cancellation.failure ? `: ${reasonOf(cancellation.failure)}` : ''}
              </span>
            )}
            <CancelOrder
              order={order}
              merchantOrderId={merchantOrderId}
              onAnswer={props.onAnswer}
            />
          </li>
        );
      })}
    </ul>
  );
}
