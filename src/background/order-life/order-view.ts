/**
 * An order as pages are given it: the record with its life's answers (what can be done
 * now, how far it got) and the words pages show for them. Made in one place, whenever
 * the background sends an order to a page (background/order-actions.ts), so no page
 * decides anything about an order itself.
 */
import { t } from '../../shared/i18n.ts';
import type { CancellationRecord, OrderRecord } from '../../shared/order-record.ts';
import type { OrderLife, OrderView } from '../../shared/protocol.ts';
import { retailerName } from '../../shared/retailer-names.ts';
import {
  isCancellationDecided,
  latestCancellations,
  orderAnswers,
  type Unavailable,
} from './order-actions.ts';

const UNAVAILABLE_WORDS = {
  no_request_id_cancel: 'order_noRequestIdCancel',
  no_request_id_abort: 'order_noRequestIdAbort',
  retailer_no_cancel: 'order_retailerNoCancel',
} as const satisfies Record<Unavailable, string>;

/**
 * What names an order: the page's title it was placed from, else `known` (the title of
 * an earlier order of the same product), else the storefront and its product ids.
 * Never "Untitled": an order imported by sync has at least its storefront.
 */
export function orderTitle(
  order: Pick<OrderRecord, 'title' | 'productIds' | 'retailer'>,
  known?: string,
): string {
  if (order.title?.trim()) return order.title;
  if (known?.trim()) return known;
  const ids = Array.isArray(order.productIds) ? order.productIds.join(', ') : '';
  const store = retailerName(order.retailer);
  return ids ? t('order_titleOfProduct', store, ids) : t('order_titleAtStore', store);
}

/** The order with its life's answers, in words where a page shows them. */
export function orderView(
  order: OrderRecord,
  cancellations: readonly CancellationRecord[] = [],
  knownTitle?: string,
): OrderView {
  const { unavailable, ...answers } = orderAnswers(order, cancellations);
  const [latest] = latestCancellations(cancellations);
  const life: OrderLife = {
    ...answers,
    title: orderTitle(order, knownTitle),
    ...(unavailable
      ? { unavailable: t(UNAVAILABLE_WORDS[unavailable], retailerName(order.retailer)) }
      : {}),
    ...(latest
      ? {
          cancellation: {
            state: latest.state,
            merchantOrderId: latest.merchantOrderId,
            underWay: !isCancellationDecided(latest),
            refused: isCancellationDecided(latest) && latest.state !== 'cancelled',
            ...(latest.failure ? { reason: latest.failure.title } : {}),
          },
        }
      : {}),
  };
  return { ...order, life };
}
