/**
 * What can be done with an order now, and how far it got: the one answer pages are
 * given (`life` on every order the background sends them, made by `orderView`) so that
 * no page keeps a state set or a predicate of its own. Pure: derived from the state
 * tables in order-life.ts, so an action is offered exactly when the background would
 * carry it out, and a state added to the tables is answered for here or does not compile.
 */
import { t } from '../../shared/i18n.ts';
import type {
  CancellationRecord,
  CancellationState,
  OrderRecord,
  OrderState,
} from '../../shared/order-record.ts';
import type {
  OrderActions,
  OrderLife,
  OrderPhase,
  OrderView,
  ShownState,
} from '../../shared/protocol.ts';
import { retailerName } from '../../shared/retailer-names.ts';
import { cancellationRefusal } from './life-change.ts';
import { CANCELLATION_TABLE, ORDER_TABLE, orderTransition } from './order-life.ts';

/** How far each state got. Exhaustive: a new state must say where it stands. */
const PHASES: Record<OrderState, OrderPhase> = {
  held: 'held',
  sending: 'in_flight',
  // Nothing was placed yet and it goes out once a working token is saved: still in flight.
  awaiting_token: 'in_flight',
  unconfirmed: 'in_flight',
  processing: 'in_flight',
  placed: 'placed',
  partly_cancelled: 'placed',
  cancelled: 'placed',
  failed: 'failed',
};

export const phaseOf = (state: OrderState): OrderPhase => PHASES[state];

/** Not yet placed or failed: held, being sent, or being placed. */
export const isInFlight = (state: OrderState): boolean => {
  const phase = phaseOf(state);
  return phase === 'held' || phase === 'in_flight';
};

export const isPlaced = (state: OrderState): boolean => phaseOf(state) === 'placed';

/** The order states an in-flight query covers, from the one answer above. */
export const IN_FLIGHT_STATES: readonly OrderState[] = (Object.keys(PHASES) as OrderState[]).filter(
  isInFlight,
);

/** A decided cancellation takes no event any more (the cancellation table). */
export const isCancellationDecided = (cancellation: Pick<CancellationRecord, 'state'>): boolean =>
  Object.keys(CANCELLATION_TABLE[cancellation.state]).length === 0;

/** The cancellation states still waiting for the retailer's word (the badge counts these). */
export const IN_FLIGHT_CANCELLATION_STATES: readonly CancellationState[] = (
  Object.keys(CANCELLATION_TABLE) as CancellationState[]
).filter((state) => !isCancellationDecided({ state }));

/** The latest cancellation of each merchant order, newest first. */
function latestCancellations(cancellations: readonly CancellationRecord[]): CancellationRecord[] {
  const newest = new Map<string, CancellationRecord>();
  for (const entry of cancellations) {
    const known = newest.get(entry.merchantOrderId);
    if (!known || entry.createdAt >= known.createdAt) newest.set(entry.merchantOrderId, entry);
  }
  return [...newest.values()].sort((a, b) => b.createdAt - a.createdAt);
}

/**
 * Why the buyer cannot do what they would look for: an order the service never gave a
 * request id for (synced, or found in the list) cannot be cancelled or aborted from
 * here; a retailer may take no cancellations through the service.
 */
type Unavailable = 'order_noRequestIdCancel' | 'order_noRequestIdAbort' | 'order_retailerNoCancel';

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
    (id) => !underWay.has(id) && cancellationRefusal(order, id) === undefined,
  );
  const abortable = 'to' in orderTransition(order.state, 'abort');
  const abort = abortable && Boolean(order.requestId) && !order.abortRequested;
  const failed = phase === 'failed';
  const actions: OrderActions = {
    undo: ORDER_TABLE[order.state].undo !== undefined,
    abort,
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
        ? order.requestId
          ? 'order_retailerNoCancel'
          : 'order_noRequestIdCancel'
        : undefined;
  const trouble = phase === 'in_flight' ? order.schedule.lastError : undefined;
  const shown: ShownState = failed && order.failure?.needsCheck ? 'check' : order.state;
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
            refused: isCancellationDecided(latest) && latest.state !== 'cancelled',
            ...(latest.failure ? { reason: latest.failure.title } : {}),
          },
        }
      : {}),
  };
  return { ...order, life };
}
