import type { ServiceClient } from '../api/client.ts';
import {
  RateLimitedError,
  ServiceApiError,
  ServiceError,
  UnauthorizedError,
} from '../api/errors.ts';
import type { CancellationStatus } from '../api/outcomes.ts';
import { isRetailerCode, RETAILERS } from '../api/retailers.ts';
import type { CancellationRecord, OrderRecord } from '../shared/order-record.ts';
import type { Settings } from '../shared/settings.ts';
import { refreshBadge } from './badge.ts';
import { changeCancellation } from './changes.ts';
import { toFailure } from './failure.ts';
import { history } from './history.ts';
import { afterTransientError } from './order-status.ts';
import { noteRateLimit } from './rate-limit.ts';

const MAX_SEND_ATTEMPTS = 4;

/** Why this merchant order cannot be cancelled from here, or undefined if it can. */
export function cancellationRefusal(
  order: OrderRecord,
  merchantOrderId: string,
): string | undefined {
  const retailer = isRetailerCode(order.retailer) ? RETAILERS[order.retailer] : undefined;
  if (!retailer?.cancellation) {
    return `Orders on ${retailer?.storefront ?? order.retailer} cannot be cancelled through the service; cancel it in your retailer account.`;
  }
  if (order.state !== 'placed' || !order.requestId)
    return 'Only a placed order can be cancelled. Abort an order that is still being placed.';
  if (!order.merchantOrderIds.includes(merchantOrderId))
    return `Merchant order ${merchantOrderId} is not part of this order.`;
  return undefined;
}

/** Records a cancellation before sending it; one draft id, one cancellation. */
export async function startCancellation(
  order: OrderRecord,
  merchantOrderId: string,
  draftId: string,
  now = Date.now(),
): Promise<CancellationRecord> {
  const refusal = cancellationRefusal(order, merchantOrderId);
  if (refusal) throw new Error(refusal);
  const store = await history();
  const live = (await store.cancellationsOf(order.localId)).find(
    (existing) => existing.merchantOrderId === merchantOrderId && existing.state !== 'failed',
  );
  if (live) return live;
  const { record, created } = await store.addCancellation({
    localId: draftId,
    orderLocalId: order.localId,
    orderRequestId: order.requestId as string,
    merchantOrderId,
    idempotencyKey: crypto.randomUUID(),
    createdAt: now,
    updatedAt: now,
    state: 'sending',
    schedule: { nextAt: now, attempts: 0, count: 0 },
  });
  if (created) await refreshBadge();
  return record;
}

export function applyCancellationStatus(
  record: CancellationRecord,
  status: CancellationStatus,
  now: number,
  settings: Settings,
): CancellationRecord {
  if (record.state === 'cancelled' || record.state === 'failed') return record;
  const next = (delay: number) => ({
    nextAt: now + delay,
    attempts: 0,
    count: record.schedule.count + 1,
  });
  switch (status.state) {
    case 'processing':
      return {
        ...record,
        state: 'processing',
        response: status.body,
        schedule: next(settings.polling.fastSeconds * 1000),
      };
    case 'attempting_to_cancel':
      // The service keeps trying with no promise of duration: read it less often.
      return {
        ...record,
        state: 'attempting_to_cancel',
        response: status.body,
        schedule: next(30_000),
      };
    case 'cancelled':
      return {
        ...record,
        state: 'cancelled',
        response: status.cancellation,
        schedule: next(Number.MAX_SAFE_INTEGER),
      };
    case 'failed':
      return {
        ...record,
        state: 'failed',
        response: status.body,
        failure: toFailure(status.code, status.message, status.data),
        schedule: { ...next(0), nextAt: Number.MAX_SAFE_INTEGER },
      };
    default:
      return record;
  }
}

/** Sends an unconfirmed cancellation (same key every time), or reads a sent one. */
export async function advanceCancellation(
  client: ServiceClient,
  record: CancellationRecord,
  settings: Settings,
  now = Date.now(),
): Promise<void> {
  try {
    if (!record.requestId) {
      const { requestId } = await client.cancelOrder(
        record.orderRequestId,
        { merchant_order_id: record.merchantOrderId },
        { idempotencyKey: record.idempotencyKey },
      );
      await changeCancellation(
        record.localId,
        (current) => ({
          ...current,
          requestId,
          state: 'processing',
          schedule: {
            nextAt: now + settings.polling.fastSeconds * 1000,
            attempts: 0,
            count: current.schedule.count + 1,
          },
        }),
        `accepted as ${requestId}`,
      );
      return;
    }
    const status = await client.getCancellation(record.requestId);
    await changeCancellation(
      record.localId,
      (current) => applyCancellationStatus(current, status, now, settings),
      'status read',
    );
  } catch (error) {
    const message = error instanceof ServiceApiError ? error.userMessage : String(error);
    if (error instanceof RateLimitedError) {
      await noteRateLimit(now + error.retryAfterMs);
      await changeCancellation(record.localId, (current) => ({
        ...current,
        schedule: afterTransientError(current.schedule, now, message, error.retryAfterMs),
      }));
      return;
    }
    if (
      error instanceof ServiceApiError &&
      (error.mayHaveTakenEffect ||
        error.kind === 'outcome_unknown' ||
        error.kind === 'invalid_response')
    ) {
      await changeCancellation(record.localId, (current) => {
        const schedule = afterTransientError(current.schedule, now, message);
        const unconfirmed = !current.requestId && schedule.attempts >= MAX_SEND_ATTEMPTS;
        return { ...current, state: unconfirmed ? 'unconfirmed' : current.state, schedule };
      });
      return;
    }
    if (error instanceof UnauthorizedError) {
      await changeCancellation(record.localId, (current) => ({
        ...current,
        schedule: afterTransientError(current.schedule, now, message, 5 * 60_000),
      }));
      return;
    }
    // The service refused the cancellation (for example: not cancellable any more).
    const failure =
      error instanceof ServiceError
        ? toFailure(error.code, error.message, error.data)
        : toFailure('internal_error', message);
    await changeCancellation(
      record.localId,
      (current) => ({
        ...current,
        state: 'failed',
        failure,
        schedule: { ...current.schedule, nextAt: Number.MAX_SAFE_INTEGER },
      }),
      `refused: ${failure.code}`,
    );
  }
}
