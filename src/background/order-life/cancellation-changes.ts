/**
 * A cancellation record after one event (the table in order-life.ts, the timing in
 * timing.ts), and the making of a new one. Pure; src/background/changes.ts stores it
 * and carries a success over to the order (`merchant_cancelled`).
 */
import type { CancellationStatus } from '../../api/outcomes.ts';
import { isRetailerCode, RETAILERS } from '../../api/retailers.ts';
import { t } from '../../shared/i18n.ts';
import type { CancellationRecord, Failure, OrderRecord } from '../../shared/order-record.ts';
import { toFailure } from './failure.ts';
import type { LifeContext, Trouble } from './order-changes.ts';
import {
  type CancellationEventName,
  cancellationTransition,
  orderTransition,
} from './order-life.ts';
import { dueAt, idle, nextStep, readStep } from './timing.ts';

export type CancellationEvent =
  | { type: 'accepted'; requestId: string }
  | { type: 'post_unknown'; error: string }
  | { type: 'post_refused'; failure: Failure }
  /** Answered `already_exists`: with the id it carries, `accepted`; else sent, answer lost. */
  | { type: 'post_already_exists'; requestId?: string | undefined }
  | { type: 'token_ready' }
  | { type: 'status'; status: CancellationStatus }
  | { type: 'waited'; trouble: Trouble; error: string; retryAfterMs?: number };

export type CancellationChange =
  | { record: CancellationRecord; event: CancellationEventName }
  | { refused: string; event: CancellationEventName };

export function cancellationEventName(
  record: CancellationRecord,
  event: CancellationEvent,
  ctx: LifeContext,
): CancellationEventName {
  if (event.type === 'status') {
    const names = {
      processing: 'read_processing',
      attempting_to_cancel: 'read_attempting',
      cancelled: 'read_cancelled',
      failed: 'read_failed',
    } as const;
    return names[event.status.state];
  }
  if (event.type === 'post_already_exists')
    return event.requestId ? 'accepted' : 'post_already_exists';
  if (event.type === 'post_unknown' && record.state === 'sending')
    return nextStep(record.schedule, 'unknown_post', ctx.now, ctx.settings).spent
      ? 'post_gave_up'
      : 'post_unknown';
  return event.type;
}

export function changeCancellationRecord(
  record: CancellationRecord,
  event: CancellationEvent,
  ctx: LifeContext,
): CancellationChange {
  const name = cancellationEventName(record, event, ctx);
  const transition = cancellationTransition(record.state, name);
  if ('refused' in transition) return { refused: transition.refused, event: name };
  const { now, settings } = ctx;
  const moved = transition.to !== record.state;
  const stateSince = moved ? now : (record.schedule.stateSince ?? record.createdAt);
  const next: CancellationRecord = { ...record, state: transition.to };
  switch (event.type) {
    case 'accepted':
    case 'post_already_exists':
      // Known by the service's id from now on: its first read is due at once.
      if (event.requestId) {
        next.requestId = event.requestId;
        next.schedule = readStep(
          dueAt(record.schedule, now, now),
          now,
          now,
          settings,
          'cancellation_read',
        );
      } else {
        // As a lost answer: asked again under the same key at the reconciliation
        // cadence, which can never make a second cancellation.
        next.schedule = nextStep(record.schedule, 'reconcile', now, settings, {
          lastError: t('error_already_exists_title'),
        }).schedule;
      }
      break;
    case 'token_ready':
      next.schedule = { ...record.schedule, nextAt: now };
      break;
    case 'post_unknown':
      // Resent under the same key: quickly at first, then (unconfirmed) at the
      // reconciliation cadence. A cancellation asked twice is the same cancellation.
      next.schedule = nextStep(
        record.schedule,
        name === 'post_unknown' && record.state === 'sending' ? 'unknown_post' : 'reconcile',
        now,
        settings,
        { lastError: event.error },
      ).schedule;
      break;
    case 'post_refused':
      next.failure = event.failure;
      next.schedule = idle(record.schedule, event.failure.title);
      break;
    case 'status': {
      const { status } = event;
      if (status.state === 'cancelled') {
        next.response = status.cancellation;
        next.schedule = idle(record.schedule);
      } else if (status.state === 'failed') {
        next.response = status.body;
        next.failure = toFailure(status.code, status.message, status.data);
        next.schedule = idle(record.schedule, next.failure.title);
      } else {
        next.response = status.body;
        next.schedule = readStep(record.schedule, stateSince, now, settings, 'cancellation_read');
      }
      break;
    }
    case 'waited':
      next.schedule = nextStep(record.schedule, event.trouble, now, settings, {
        lastError: event.error,
        atLeastMs: event.retryAfterMs,
      }).schedule;
      break;
  }
  if (moved && next.state !== 'cancelled' && next.state !== 'failed')
    next.schedule = { ...next.schedule, stateSince: now };
  return { record: next, event: name };
}

/**
 * Why this merchant order of this order cannot be cancelled from here, or undefined:
 * the order's state (the table's `cancel` row), then what the service needs.
 */
export function cancellationRefusal(
  order: OrderRecord,
  merchantOrderId: string,
): string | undefined {
  const retailer = isRetailerCode(order.retailer) ? RETAILERS[order.retailer] : undefined;
  if (!retailer?.cancellation) {
    return t('bg_cancelNotOffered', retailer?.storefront ?? order.retailer);
  }
  const transition = orderTransition(order.state, 'cancel');
  if ('refused' in transition) return transition.refused;
  if (!order.merchantOrderIds.includes(merchantOrderId))
    return t('bg_merchantOrderNotPart', merchantOrderId);
  if ((order.cancelledMerchantOrderIds ?? []).includes(merchantOrderId))
    return t('bg_merchantOrderCancelled', merchantOrderId);
  if (!order.requestId) return t('bg_cancelNoRequestId');
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
