/**
 * An order record after one event: the state from the table (order-life.ts), the data
 * the event brings, and the next step's time (timing.ts). Pure.
 */
import type { OrderStatus } from '../../api/outcomes.ts';
import { t } from '../../shared/i18n.ts';
import type { Failure, OrderRecord, OrderState } from '../../shared/order-record.ts';
import {
  applyPostEvent,
  type LifeContext,
  markStateSince,
  type PostEvent,
  postEventName,
  toFailure,
} from './life-change.ts';
import {
  type OrderEventName,
  orderTransition,
  REMOVED,
  WITHDRAWN_MAY_BE_PLACED,
} from './order-life.ts';
import { deliveryDatesOf } from './service-body.ts';
import { dueAt, idle, nextStep, readStep, TRACKING_WATCH_MS } from './timing.ts';

export type OrderEvent =
  | PostEvent
  | { type: 'hold_ended' }
  | { type: 'undo' }
  /** The service rejected the token on the POST: nothing was placed. */
  | { type: 'token_refused'; error: string }
  /** What a GET, an abort's answer or the service's list says. */
  | { type: 'status'; status: OrderStatus; requestId?: string }
  | { type: 'unknown_id'; failure: Failure }
  | { type: 'not_listed' }
  | { type: 'abort' }
  /** The buyer stops an order not yet placed (order-life.ts `WITHDRAWN_MAY_BE_PLACED`). */
  | { type: 'withdraw' }
  | { type: 'cancel' }
  | { type: 'merchant_cancelled'; merchantOrderId: string };

export type OrderChange =
  | { record: OrderRecord; event: OrderEventName }
  | { removed: true; event: OrderEventName }
  | { refused: string; event: OrderEventName };

function eventName(record: OrderRecord, event: OrderEvent, ctx: LifeContext): OrderEventName {
  switch (event.type) {
    case 'status':
      return `read_${event.status.state}`;
    case 'not_listed':
      return reconcileSpent(record, ctx) ? 'reconcile_gave_up' : 'not_listed';
    case 'post_unknown':
      if (record.state === 'unconfirmed' && reconcileSpent(record, ctx)) return 'reconcile_gave_up';
      return postEventName(record, event, ctx);
    case 'post_already_exists':
      return postEventName(record, event, ctx);
    case 'merchant_cancelled': {
      const cancelled = [...(record.cancelledMerchantOrderIds ?? []), event.merchantOrderId];
      const all = record.merchantOrderIds.every((id) => cancelled.includes(id));
      return all ? 'all_cancelled' : 'some_cancelled';
    }
    default:
      return event.type;
  }
}

function reconcileSpent(record: OrderRecord, ctx: LifeContext): boolean {
  return nextStep(record.schedule, 'reconcile', ctx.now, ctx.settings).spent;
}

/** Buyline's own failure for an order never found at the service: it may have been placed. */
const notConfirmed = (): Failure => toFailure('not_confirmed', undefined);

export function changeOrderRecord(
  record: OrderRecord,
  event: OrderEvent,
  ctx: LifeContext,
): OrderChange {
  const name = eventName(record, event, ctx);
  const transition = orderTransition(record.state, name);
  if ('refused' in transition) return { refused: transition.refused, event: name };
  // Aborting names the request: without its id nothing can be asked of the service.
  if (name === 'abort' && !record.requestId)
    return { refused: t('bg_abortNoRequestId'), event: name };
  if (transition.to === REMOVED) return { removed: true, event: name };
  const to = transition.to;
  const { now, settings } = ctx;
  const moved = to !== record.state;
  const stateSince = moved ? now : (record.schedule.stateSince ?? record.createdAt);
  const next: OrderRecord = { ...record, state: to };
  if (to !== 'held') delete next.holdUntil;

  switch (event.type) {
    case 'hold_ended':
      next.schedule = dueAt(record.schedule, now, now);
      break;
    case 'accepted':
    case 'post_already_exists':
    case 'token_ready':
    case 'post_unknown':
    case 'waited':
      applyPostEvent(next, record, event, name, moved, ctx, 'quick_read');
      // Sending it again would only be answered the same: it is looked for instead.
      if (event.type === 'post_already_exists' && !event.requestId) next.alreadyAtService = true;
      if (name === 'reconcile_gave_up') fail(next, notConfirmed());
      break;
    case 'token_refused':
      next.schedule =
        to === 'awaiting_token'
          ? idle(record.schedule, t('bg_awaitingToken'))
          : nextStep(record.schedule, 'unauthorized', now, settings, { lastError: event.error })
              .schedule;
      break;
    case 'post_refused':
      fail(next, event.failure);
      break;
    case 'status':
      applyStatus(next, record, event, to, stateSince, ctx);
      break;
    case 'unknown_id':
      if (to === 'failed') fail(next, event.failure);
      else {
        next.trackingDone = true;
        next.schedule = idle(record.schedule, event.failure.title);
      }
      break;
    case 'not_listed':
      next.schedule = nextStep(record.schedule, 'reconcile', now, settings, {
        lastError: t('bg_notListedYet'),
      }).schedule;
      if (name === 'reconcile_gave_up') fail(next, notConfirmed());
      break;
    case 'abort':
      next.abortRequested = true;
      break;
    case 'withdraw':
      fail(next, withdrawn(record.state));
      break;
    case 'merchant_cancelled':
      next.cancelledMerchantOrderIds = [
        ...new Set([...(record.cancelledMerchantOrderIds ?? []), event.merchantOrderId]),
      ];
      if (to === 'cancelled') {
        // Nothing of it ships any more: no tracking to wait for.
        next.trackingDone = true;
        next.schedule = idle(record.schedule);
      }
      break;
    default:
      // undo removes the record; cancel adds a cancellation record.
      break;
  }
  markStateSince(next, moved, now);
  // How long placing takes (placing-phase.ts); a synced order was not followed from its start.
  if (moved && to === 'sending') next.sentAt = now;
  if (moved && to === 'placed' && record.source === 'buyline' && next.placedAt === undefined)
    next.placedAt = now;
  // A new failure waits to be seen by the buyer (the badge shows it until `orders.seen`),
  // except the buyer's own withdrawal, seen as they make it.
  if (next.state !== 'failed') delete next.seenAt;
  if (next.state !== 'failed' && record.state === 'failed') {
    // The service's word undid a local failure (a withdrawal it had already accepted).
    delete next.failure;
    next.trackingDone = false;
  } else if (record.state !== 'failed') next.seenAt = event.type === 'withdraw' ? now : 0;
  return { record: next, event: name };
}

/**
 * The failure of an order the buyer withdrew. Where a send may have been carried out,
 * the buyer is told to look at the retailer before ordering again, and nothing offers
 * to place it again in one click.
 */
function withdrawn(state: OrderState): Failure {
  const mayBePlaced = WITHDRAWN_MAY_BE_PLACED[state as keyof typeof WITHDRAWN_MAY_BE_PLACED];
  return {
    code: 'withdrawn',
    message: '',
    data: null,
    title: t('bg_withdrawn_title'),
    fix: mayBePlaced ? t('bg_withdrawn_fixMayBePlaced') : t('bg_withdrawn_fixNothingPlaced'),
    ...(mayBePlaced ? { needsCheck: true as const } : {}),
  };
}

function fail(next: OrderRecord, failure: Failure): void {
  next.state = 'failed';
  next.failure = failure;
  next.trackingDone = true;
  next.schedule = idle(next.schedule, failure.title);
}

function applyStatus(
  next: OrderRecord,
  record: OrderRecord,
  event: Extract<OrderEvent, { type: 'status' }>,
  to: OrderState,
  stateSince: number,
  ctx: LifeContext,
): void {
  const { now, settings } = ctx;
  if (event.requestId && !next.requestId) next.requestId = event.requestId;
  const { status } = event;
  if (status.state === 'processing') {
    next.response = status.body;
    next.schedule = readStep(record.schedule, stateSince, now, settings);
    const waited = now - record.createdAt;
    if (next.managed && !next.waitingNoted && waited >= settings.managedWaitingMinutes * 60_000)
      next.waitingNoted = true;
    return;
  }
  if (status.state === 'failed') {
    next.response = status.body;
    fail(next, toFailure(status.code, status.message, status.data));
    return;
  }
  const { order } = status;
  next.response = order;
  next.merchantOrderIds = order.merchant_order_ids.map((entry) => entry.merchant_order_id);
  next.trackingCount = Math.max(order.tracking.length, 0);
  const dates = deliveryDatesOf(order);
  if (dates.length > 0) next.deliveryDates = dates;
  if (order.price_components?.total !== undefined) next.total = order.price_components.total;
  if (order.price_components?.currency !== undefined)
    next.currency = order.price_components.currency;
  delete next.failure;
  const watchOver = now - record.createdAt > TRACKING_WATCH_MS;
  next.trackingDone = to === 'cancelled' || watchOver || trackingComplete(next, order.tracking);
  next.schedule = next.trackingDone
    ? idle(record.schedule)
    : { ...nextStep(record.schedule, 'tracking', now, settings).schedule, stateSince };
}

/** Every merchant order has tracking, and there is an entry for every product. */
function trackingComplete(
  record: Pick<OrderRecord, 'merchantOrderIds' | 'productIds'>,
  tracking: { merchant_order_id?: string | undefined }[],
): boolean {
  const tracked = new Set(tracking.map((entry) => entry.merchant_order_id));
  const everyProduct = tracking.length > 0 && tracking.length >= record.productIds.length;
  return everyProduct && record.merchantOrderIds.every((id) => tracked.has(id));
}
