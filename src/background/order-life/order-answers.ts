/**
 * What can be done with an order now, and how far it got: the one answer pages are
 * given (`life` on every order the background sends them, made by `orderView`) so that
 * no page keeps a state set or a predicate of its own. Pure: derived from the state
 * tables in order-life.ts, so an action is offered exactly when the background would
 * carry it out, and a state added to the tables is answered for here or does not compile.
 */
import { isExplainedCode } from '../../api/error-messages.ts';
import { t } from '../../shared/i18n.ts';
import type { CancellationRecord, OrderRecord } from '../../shared/order-record.ts';
import type { OrderActions, OrderLife, OrderView, ShownState } from '../../shared/protocol.ts';
import { retailerName } from '../../shared/retailer-names.ts';
import {
  isCancellationDecided,
  isCancellationRefused,
  latestCancellations,
  refusedMerchantOrders,
} from './cancellation-phases.ts';
import { cancellationRefusal } from './life-change.ts';
import { ORDER_TABLE, orderTransition, WITHDRAWN_MAY_BE_PLACED } from './order-life.ts';
import { phaseOf } from './phases.ts';

/**
 * Why the buyer cannot do what they would look for: an order the service never gave a
 * request id for (synced, or found in the list) cannot be cancelled or aborted from
 * here; a retailer may take no cancellations through the service, or have refused one.
 */
type Unavailable =
  | 'order_noRequestIdCancel'
  | 'order_noRequestIdAbort'
  | 'order_retailerNoCancel'
  | 'order_cancellationRefused';

/** Every question a page may ask about an order, answered once. */
export function orderAnswers(
  order: OrderRecord,
  cancellations: readonly CancellationRecord[] = [],
) {
  const phase = phaseOf(order.state);
  const latest = latestCancellations(cancellations);
  const underWay = new Set(
    latest.filter((entry) => !isCancellationDecided(entry)).map((entry) => entry.merchantOrderId),
  );
  // Each merchant order the background would start a cancellation for, now.
  const cancel = order.merchantOrderIds.filter(
    (id) => !underWay.has(id) && cancellationRefusal(order, id, cancellations) === undefined,
  );
  const abortable = 'to' in orderTransition(order.state, 'abort');
  const abort = abortable && Boolean(order.requestId) && !order.abortRequested;
  const failed = phase === 'failed';
  const withdrawable = order.state in WITHDRAWN_MAY_BE_PLACED;
  const mayBePlaced = WITHDRAWN_MAY_BE_PLACED[order.state as keyof typeof WITHDRAWN_MAY_BE_PLACED];
  const actions: OrderActions = {
    undo: ORDER_TABLE[order.state].undo !== undefined,
    abort,
    withdraw: withdrawable ? (mayBePlaced ? 'may_be_placed' : 'nothing_placed') : false,
    cancel,
    retry: failed && !order.failure?.needsCheck,
    refresh:
      phase === 'in_flight' || underWay.size > 0 || (phase === 'placed' && !!order.requestId),
  };
  const open = order.merchantOrderIds.filter(
    (id) => !(order.cancelledMerchantOrderIds ?? []).includes(id),
  );
  const cancellable = 'to' in orderTransition(order.state, 'cancel') && open.length > 0;
  const unavailable: Unavailable | undefined =
    abortable && !order.requestId
      ? 'order_noRequestIdAbort'
      : cancellable && cancel.length === 0 && underWay.size === 0
        ? !order.requestId
          ? 'order_noRequestIdCancel'
          : refusedMerchantOrders(cancellations).size > 0
            ? 'order_cancellationRefused'
            : 'order_retailerNoCancel'
        : undefined;
  const trouble = phase === 'in_flight' ? order.schedule.lastError : undefined;
  // The outcome is uncertain where the order may exist (`needsCheck`) or it failed for a
  // reason Buyline does not know (nothing says it was not placed): checking comes first.
  const uncertain =
    failed && (order.failure?.needsCheck || !isExplainedCode(order.failure?.code ?? ''));
  const shown: ShownState = uncertain ? 'check' : order.state;
  return {
    phase,
    shown,
    decided: (phase === 'placed' || failed) && underWay.size === 0,
    actions,
    ...(unavailable ? { unavailable } : {}),
    unseen: failed && order.seenAt === 0,
    ...(trouble ? { trouble } : {}),
  };
}

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
    ...(unavailable ? { unavailable: t(unavailable, retailerName(order.retailer)) } : {}),
    ...(latest
      ? {
          cancellation: {
            state: latest.state,
            merchantOrderId: latest.merchantOrderId,
            underWay: !isCancellationDecided(latest),
            refused: isCancellationRefused(latest),
            ...(latest.failure ? { reason: latest.failure.title } : {}),
          },
        }
      : {}),
  };
  return { ...order, life };
}
