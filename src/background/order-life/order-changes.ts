/**
 * An order record after one event: the state from the table (order-life.ts), the data
 * the event brings, and the next step's time from the timing table (timing.ts). Pure:
 * the one write path (src/background/changes.ts) stores what this returns.
 */
import type { OrderStatus } from '../../api/outcomes.ts';
import { t } from '../../shared/i18n.ts';
import type { Failure, OrderRecord, OrderState } from '../../shared/order-record.ts';
import type { Settings } from '../../shared/settings.ts';
import { toFailure } from './failure.ts';
import { type OrderEventName, orderTransition, REMOVED } from './order-life.ts';
import { deliveryDatesOf } from './service-body.ts';
import { dueAt, IDLE, idle, nextStep, readStep, TRACKING_WATCH_MS } from './timing.ts';

/** Transient trouble, each with its retry rule in timing.ts. */
export type Trouble = 'failed_read' | 'unauthorized' | 'rate_limited';

export type OrderEvent =
  | { type: 'hold_ended' }
  | { type: 'undo' }
  | { type: 'accepted'; requestId: string }
  /** `resendable`: the body is at hand and carries an idempotency key, so a resend is safe. */
  | { type: 'post_unknown'; error: string; resendable: boolean }
  | { type: 'post_gave_up'; reason: string }
  | { type: 'post_refused'; failure: Failure }
  /**
   * The POST was answered `already_exists`: the service has the order. With the request
   * id the answer carries, it is `accepted`; without, it is looked for in the list.
   */
  | { type: 'post_already_exists'; requestId?: string | undefined }
  /** The service rejected the token on the POST: nothing was placed. */
  | { type: 'token_refused'; error: string }
  | { type: 'token_ready' }
  /** What a GET, an abort's answer or the service's list says. */
  | { type: 'status'; status: OrderStatus; requestId?: string }
  | { type: 'unknown_id'; failure: Failure }
  | { type: 'not_listed' }
  | { type: 'abort' }
  | { type: 'cancel' }
  | { type: 'merchant_cancelled'; merchantOrderId: string }
  | { type: 'waited'; trouble: Trouble; error: string; retryAfterMs?: number };

export interface LifeContext {
  now: number;
  settings: Settings;
}

export type OrderChange =
  | { record: OrderRecord; event: OrderEventName }
  | { removed: true; event: OrderEventName }
  | { refused: string; event: OrderEventName };

/** The table's name for an event, given what it carries and the record's history. */
export function eventName(
  record: OrderRecord,
  event: OrderEvent,
  ctx: LifeContext,
): OrderEventName {
  switch (event.type) {
    case 'status':
      return event.status.state === 'processing'
        ? 'read_processing'
        : event.status.state === 'placed'
          ? 'read_placed'
          : 'read_failed';
    case 'post_unknown':
      if (record.state === 'unconfirmed')
        return reconcileSpent(record, ctx) ? 'reconcile_gave_up' : 'post_unknown';
      return !event.resendable ||
        nextStep(record.schedule, 'unknown_post', ctx.now, ctx.settings).spent
        ? 'post_gave_up'
        : 'post_unknown';
    case 'not_listed':
      return reconcileSpent(record, ctx) ? 'reconcile_gave_up' : 'not_listed';
    case 'post_already_exists':
      // The service's own guidance: a repeated key answered so is a success.
      return event.requestId ? 'accepted' : 'post_already_exists';
    case 'merchant_cancelled': {
      const cancelled = new Set([
        ...(record.cancelledMerchantOrderIds ?? []),
        event.merchantOrderId,
      ]);
      return record.merchantOrderIds.every((id) => cancelled.has(id))
        ? 'all_cancelled'
        : 'some_cancelled';
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

/** The record after `event`, or why the event does not apply. */
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
      if (event.requestId) {
        next.requestId = event.requestId;
        next.schedule = readStep(fresh(record, true), now, now, settings);
      } else {
        // Sending it again would only be answered the same: it is looked for instead.
        next.alreadyAtService = true;
        next.schedule = nextStep(fresh(record, moved), 'reconcile', now, settings, {
          lastError: t('error_already_exists_title'),
        }).schedule;
      }
      break;
    case 'token_refused':
      next.schedule =
        to === 'awaiting_token'
          ? idle(record.schedule, t('bg_awaitingToken'))
          : nextStep(record.schedule, 'unauthorized', now, settings, { lastError: event.error })
              .schedule;
      break;
    case 'token_ready':
      // Due now, under the same idempotency key (the body waits in session storage).
      next.schedule = dueAt(record.schedule, now, now);
      if (!moved) next.schedule = { ...record.schedule, nextAt: now };
      break;
    case 'post_unknown':
      next.schedule =
        name === 'post_unknown' && record.state === 'sending'
          ? nextStep(record.schedule, 'unknown_post', now, settings, { lastError: event.error })
              .schedule
          : nextStep(fresh(record, moved), 'reconcile', now, settings, { lastError: event.error })
              .schedule;
      if (name === 'reconcile_gave_up') fail(next, notConfirmed());
      break;
    case 'post_gave_up':
      next.schedule = nextStep(fresh(record, moved), 'reconcile', now, settings, {
        lastError: event.reason,
      }).schedule;
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
    case 'waited':
      next.schedule = nextStep(record.schedule, event.trouble, now, settings, {
        lastError: event.error,
        atLeastMs: event.retryAfterMs,
      }).schedule;
      break;
    default:
      // undo and cancel change nothing on the record (undo removes it; cancel adds a
      // cancellation record).
      break;
  }
  if (moved && next.schedule.nextAt !== IDLE) next.schedule = { ...next.schedule, stateSince: now };
  // How long placing takes is measured from when the order last went out to when it was
  // first seen placed (placing-phase.ts); a synced order was not followed from its start.
  if (moved && to === 'sending') next.sentAt = now;
  if (moved && to === 'placed' && record.source === 'buyline' && next.placedAt === undefined)
    next.placedAt = now;
  // A new failure waits to be seen by the buyer (the badge shows it until `orders.seen`);
  // a failure read again stays as seen as it was; an order that is not failed has none.
  if (next.state !== 'failed') delete next.seenAt;
  else if (record.state !== 'failed') next.seenAt = 0;
  return { record: next, event: name };
}

/** A schedule that starts a new rule afresh when the state changed. */
function fresh(record: OrderRecord, moved: boolean) {
  if (!moved) return record.schedule;
  const { rule: _rule, since: _since, ...rest } = record.schedule;
  return rest;
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
export function trackingComplete(
  record: Pick<OrderRecord, 'merchantOrderIds' | 'productIds'>,
  tracking: { merchant_order_id?: string | undefined }[],
): boolean {
  if (tracking.length === 0) return false;
  const tracked = new Set(tracking.map((entry) => entry.merchant_order_id));
  return (
    record.merchantOrderIds.every((id) => tracked.has(id)) &&
    tracking.length >= record.productIds.length
  );
}
