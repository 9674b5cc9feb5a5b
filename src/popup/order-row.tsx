import { t } from '../shared/i18n.ts';
import type { OrderRecord } from '../shared/order-record.ts';
import { readOrderResponse } from '../shared/order-response-reader.ts';
import { retailerName } from '../shared/retailer-names.ts';
import { moment, money } from '../ui/formats.ts';
import { orderStateLabel, reasonOf, shownState } from './labels.ts';

/** What names an order for the buyer: the page's title, else its product ids. */
export function orderTitle(order: Pick<OrderRecord, 'title' | 'productIds'>): string {
  const ids = Array.isArray(order.productIds) ? order.productIds.join(', ') : '';
  return order.title || ids || t('popup_untitled');
}

/** One line of the orders list: title, state, retailer, total, date, and why it failed. */
export function OrderRow(props: { order: OrderRecord; onOpen: (localId: string) => void }) {
  const { order } = props;
  const title = orderTitle(order);
  const shown = shownState(order);
  const facts = [
    retailerName(order.retailer),
    typeof order.total === 'number' && Number.isFinite(order.total)
      ? money(order.total, order.currency)
      : '—',
    moment(order.createdAt) ?? t('popup_dateUnknown'),
    order.state === 'failed' && order.failure && reasonOf(order.failure),
    readOrderResponse(order.response).unreadable.length > 0 && t('popup_someUnreadable'),
  ];
  return (
    <li>
      {/* Named "Open order …" for a screen reader, then its state and facts as they read. */}
      <button type="button" class="order-row" onClick={() => props.onOpen(order.localId)}>
        <span class="sr">{t('popup_openOrder', title)}</span>
        <span class="title" aria-hidden="true">
          {title}
        </span>
        <span class={`badge s-${shown}`}>{orderStateLabel(shown)}</span>
        <span class="hint">{facts.filter(Boolean).join(' · ')}</span>
      </button>
    </li>
  );
}
