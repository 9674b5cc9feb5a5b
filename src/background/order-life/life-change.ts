/**
 * A record's change after one event (the tables in order-life.ts, the timing in
 * timing.ts): what orders (order-changes.ts) and cancellations share, the failures, what
 * waits for a token, how a step's news is stored, and a cancellation's whole life. Pure;
 * changes.ts stores it and carries a cancellation's success over to its order.
 */
import { explainErrorCode } from '../../api/error-messages.ts';
import type { CancellationStatus } from '../../api/outcomes.ts';
import { isRetailerCode, RETAILERS } from '../../api/retailers.ts';
import { t } from '../../shared/i18n.ts';
import {
  CANCELLATION_STATES,
  type CancellationRecord,
  type Failure,
  ORDER_STATES,
  type OrderRecord,
  type Schedule,
} from '../../shared/order-record.ts';
import type { Settings } from '../../shared/settings.ts';
import { type CancellationEventName, cancellationTransition } from './cancellation-life.ts';
import { refusedMerchantOrders } from './cancellation-phases.ts';
import { ORDER_TABLE, orderTransition } from './order-life.ts';
import { stepOf } from './phases.ts';
import { dueAt, IDLE, idle, nextStep, type RuleName, readStep } from './timing.ts';

export type LifeContext = { now: number; settings: Settings };

/** Transient trouble, each with its retry rule in timing.ts. */
export type Trouble = 'failed_read' | 'unauthorized' | 'rate_limited';

/** The events of a POST and of a wait, the same for an order and a cancellation. */
export type PostEvent =
  | { type: 'accepted'; requestId: string }
  /** `resendable` (orders): the body is at hand with an idempotency key, so resending is safe. */
  | { type: 'post_unknown'; error: string; resendable?: boolean }
  | { type: 'post_refused'; failure: Failure }
  /** The service has it; with the request id it carries, it is `accepted` (its guidance). */
  | { type: 'post_already_exists'; requestId?: string | undefined }
  /** A token was saved (or the buyer asked to refresh): what waited for one goes on now. */
  | { type: 'token_ready' }
  | { type: 'waited'; trouble: Trouble; error: string; retryAfterMs?: number };

/**
 * Failures after which the order may exist at the retailer all the same: the buyer must
 * look there before ordering again (decisions.md, "Error codes"); `not_confirmed` is
 * Buyline's own. Not `internal_error`, which "is safe to retry": in a 5xx answer it is
 * retried with backoff (timing.ts), and as an order's outcome read by GET it is final,
 * so it means placing again is safe (Buyline never does so by itself).
 */
const NEEDS_CHECK_CODES: ReadonlySet<string> = new Set([
  'order_probably_placed',
  'duplicate_order',
  'not_confirmed',
]);

/** A failure as stored and shown: the service's words plus what the user can change. */
export function toFailure(
  code: string,
  message: string | undefined,
  data?: Record<string, unknown> | null,
): Failure {
  const { title, fix } = explainErrorCode(code, message);
  return {
    code,
    message: message ?? '',
    data: data ?? null,
    title,
    fix,
    ...(NEEDS_CHECK_CODES.has(code) ? { needsCheck: true as const } : {}),
  };
}

export function postEventName(
  record: { state: string; schedule: Schedule },
  event: PostEvent,
  ctx: LifeContext,
): PostEvent['type'] | 'post_gave_up' {
  if (event.type === 'post_already_exists')
    return event.requestId ? 'accepted' : 'post_already_exists';
  if (event.type !== 'post_unknown' || record.state !== 'sending') return event.type;
  const spent = nextStep(record.schedule, 'unknown_post', ctx.now, ctx.settings).spent;
  return event.resendable === false || spent ? 'post_gave_up' : 'post_unknown';
}

/** A schedule that starts a new rule afresh when the state changed. */
function fresh(schedule: Schedule, moved: boolean): Schedule {
  if (!moved) return schedule;
  const { rule: _rule, since: _since, ...rest } = schedule;
  return rest;
}

/** Applies a POST's or a wait's event to `next`; `read`: the cadence once accepted. */
export function applyPostEvent(
  next: { schedule: Schedule; requestId?: string; failure?: Failure },
  record: { state: string; schedule: Schedule },
  event: PostEvent,
  name: string,
  moved: boolean,
  ctx: LifeContext,
  read: RuleName,
): void {
  const { now, settings } = ctx;
  const step = (rule: RuleName, lastError: string, atLeastMs?: number) =>
    nextStep(fresh(record.schedule, moved), rule, now, settings, { lastError, atLeastMs }).schedule;
  switch (event.type) {
    case 'accepted':
    case 'post_already_exists':
      // Without the service's id its answer is lost: asked again at the reconciliation
      // cadence. With it, its first read is due at once.
      if (!event.requestId) next.schedule = step('reconcile', t('error_already_exists_title'));
      else {
        next.requestId = event.requestId;
        next.schedule = readStep(fresh(record.schedule, true), now, now, settings, read);
      }
      return;
    case 'post_unknown':
      // Resent under the same key (a request asked twice is the same request): quickly
      // while sending, then at the reconciliation cadence.
      next.schedule = step(
        name === 'post_unknown' && record.state === 'sending' ? 'unknown_post' : 'reconcile',
        event.error,
      );
      return;
    case 'post_refused':
      next.failure = event.failure;
      next.schedule = idle(record.schedule, event.failure.title);
      return;
    case 'token_ready':
      // Due now, under the same idempotency key.
      next.schedule = moved
        ? dueAt(record.schedule, now, now)
        : { ...record.schedule, nextAt: now };
      return;
    case 'waited':
      next.schedule = step(event.trouble, event.error, event.retryAfterMs);
  }
}

/** A record that moved to a state with a next step: its quick cadence starts now. */
export function markStateSince(next: { schedule: Schedule }, moved: boolean, now: number): void {
  if (moved && next.schedule.nextAt !== IDLE) next.schedule = { ...next.schedule, stateSince: now };
}

/** The states a saved token can move on: the tables' `token_ready` rows. */
export const TOKEN_READY_ORDER_STATES = ORDER_STATES.filter(
  (state) => 'to' in orderTransition(state, 'token_ready'),
);
export const TOKEN_READY_CANCELLATION_STATES = CANCELLATION_STATES.filter(
  (state) => 'to' in cancellationTransition(state, 'token_ready'),
);

/**
 * The order states that wait for a token with nothing due: a POST refused for its token
 * placed nothing, and only a saved token sends it again (`token_ready` leads to sending).
 */
export const AWAITING_TOKEN_STATES = TOKEN_READY_ORDER_STATES.filter(
  (state) => ORDER_TABLE[state].token_ready === 'sending' && stepOf(state) === 'none',
);

/** Whether a record waits for a working token: its POST refused for it, or a step's. */
export const waitsForToken = (
  record: Pick<OrderRecord | CancellationRecord, 'state' | 'schedule'>,
) =>
  (AWAITING_TOKEN_STATES as readonly string[]).includes(record.state) ||
  record.schedule.rule === 'unauthorized';

/** Events whose refusal writes nothing: what the user asked (told them) and a wait. */
const NOT_RESCHEDULED: ReadonlySet<string> = new Set([
  'undo',
  'abort',
  'withdraw',
  'cancel',
  'waited',
]);

function notApplied(refusal: string) {
  return { type: 'waited', trouble: 'failed_read', error: t('bg_notApplied', refusal) } as const;
}

/**
 * The change an event makes to a record as stored (undefined: nothing); `refuse` hears
 * why the life refused it. News that no longer applies (a late answer) changes nothing,
 * but its next step is scheduled, so that it is not retried at once forever.
 */
export function storedChange<R, E extends { type: string }>(
  change: (
    current: R,
    event: E | ReturnType<typeof notApplied>,
  ) => { record: R } | { refused: string } | { removed: true },
  event: E,
  refuse: (refusal: string) => void,
): (current: R) => R | undefined {
  return (current) => {
    const result = change(current, event);
    if ('record' in result) return result.record;
    const refused = 'refused' in result ? result.refused : t('bg_onlyHeldRemoved');
    refuse(refused);
    if (NOT_RESCHEDULED.has(event.type)) return undefined;
    const moved = change(current, notApplied(refused));
    return 'record' in moved ? moved.record : undefined;
  };
}

export type CancellationEvent = PostEvent | { type: 'status'; status: CancellationStatus };

function eventName(record: CancellationRecord, event: CancellationEvent, ctx: LifeContext) {
  if (event.type !== 'status') return postEventName(record, event, ctx);
  const { state } = event.status;
  return state === 'attempting_to_cancel' ? 'read_attempting' : (`read_${state}` as const);
}

export function changeCancellationRecord(
  record: CancellationRecord,
  event: CancellationEvent,
  ctx: LifeContext,
): { record: CancellationRecord; event: CancellationEventName } | { refused: string } {
  const name = eventName(record, event, ctx);
  const transition = cancellationTransition(record.state, name);
  if ('refused' in transition) return transition;
  const { now, settings } = ctx;
  const moved = transition.to !== record.state;
  const next: CancellationRecord = { ...record, state: transition.to };
  if (event.type !== 'status')
    applyPostEvent(next, record, event, name, moved, ctx, 'cancellation_read');
  else if (event.status.state === 'cancelled') {
    next.response = event.status.cancellation;
    next.schedule = idle(record.schedule);
  } else if (event.status.state === 'failed') {
    next.response = event.status.body;
    next.failure = toFailure(event.status.code, event.status.message, event.status.data);
    next.schedule = idle(record.schedule, next.failure.title);
  } else {
    const stateSince = moved ? now : (record.schedule.stateSince ?? record.createdAt);
    next.response = event.status.body;
    next.schedule = readStep(record.schedule, stateSince, now, settings, 'cancellation_read');
  }
  markStateSince(next, moved, now);
  return { record: next, event: name };
}

/**
 * Why this merchant order of this order cannot be cancelled from here, or undefined:
 * the order's state (the table's `cancel` row), then what the service needs.
 */
export function cancellationRefusal(
  order: OrderRecord,
  merchantOrderId: string,
  cancellations: readonly CancellationRecord[],
): string | undefined {
  const retailer = isRetailerCode(order.retailer) ? RETAILERS[order.retailer] : undefined;
  if (!retailer?.cancellation)
    return t('bg_cancelNotOffered', retailer?.storefront ?? order.retailer);
  const transition = orderTransition(order.state, 'cancel');
  if ('refused' in transition) return transition.refused;
  if (!order.merchantOrderIds.includes(merchantOrderId))
    return t('bg_merchantOrderNotPart', merchantOrderId);
  if ((order.cancelledMerchantOrderIds ?? []).includes(merchantOrderId))
    return t('bg_merchantOrderCancelled', merchantOrderId);
  if (!order.requestId) return t('bg_cancelNoRequestId');
  // The retailer's refusal is its answer: asking again would only be refused again.
  if (refusedMerchantOrders(cancellations).has(merchantOrderId))
    return t('bg_cancellationWasRefused', merchantOrderId);
  return undefined;
}

/** A new cancellation, written before anything is sent; its key is fixed once. */
export function newCancellation(
  order: OrderRecord,
  merchantOrderId: string,
  draftId: string,
  now: number,
): CancellationRecord {
  return {
    localId: draftId,
    orderLocalId: order.localId,
    orderRequestId: order.requestId as string,
    merchantOrderId,
    idempotencyKey: crypto.randomUUID(),
    createdAt: now,
    updatedAt: now,
    state: 'sending',
    schedule: { nextAt: now, attempts: 0, count: 0, since: now, stateSince: now },
  };
}
