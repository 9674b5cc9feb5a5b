import { t } from '../shared/i18n.ts';
import { readOrderResponse } from '../shared/order-response-reader.ts';
import type { OrderView } from '../shared/protocol.ts';
import { retailerName } from '../shared/retailer-names.ts';
import { moment, money } from '../ui/formats.ts';
import { cancellationLine, orderStateLabel, reasonOf } from './labels.ts';

/** What names an order for the buyer: the best title the background knows for it. */
export const orderTitle = (order: OrderView): string => order.life.title;

/**
 * One line of the orders list: the title on its own line (it keeps its room however
 * long the state is), then its state, retailer, total, date, and why it failed or
 * what its cancellation came to.
 */
export function OrderRow(props: { order: OrderView; onOpen: (localId: string) => void }) {
  const { order } = props;
  const { life } = order;
  const title = orderTitle(order);
  const state = orderStateLabel(life.shown);
  const facts = [
    retailerName(order.retailer),
    typeof order.total === 'number' && Number.isFinite(order.total)
      ? money(order.total, order.currency)
      : '—',
    moment(order.createdAt) ?? t('popup_dateUnknown'),
    life.phase === 'failed' && order.failure && reasonOf(order.failure),
    cancellationLine(order),
    readOrderResponse(order.response).unreadable.length > 0 && t('popup_someUnreadable'),
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <li>
      {/* Named once, by what it shows: "Open order <title> <state> <facts>". */}
      <button type="button" class="order-row" onClick={() => props.onOpen(order.localId)}>
        <span class="sr">{t('popup_openOrderWords')} </span>
        <span class="title">{title}</span> <span class={`badge s-${life.shown}`}>{state}</span>{' '}
        <span class="hint">{facts}</span>
      </button>
    </li>
  );
}
