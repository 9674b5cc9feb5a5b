import type { ServiceClient } from '../api/client.ts';
import {
  RateLimitedError,
  ServiceApiError,
  ServiceError,
  UnauthorizedError,
} from '../api/errors.ts';
import type { OrderRecord } from '../shared/order-record.ts';
import type { Settings } from '../shared/settings.ts';
import { changeOrder } from './changes.ts';
import { toFailure } from './failure.ts';
import { announceManagedWaiting } from './notifier.ts';
import { afterTransientError, applyOrderStatus } from './order-status.ts';
import { noteRateLimit } from './rate-limit.ts';

const MINUTE = 60_000;

/**
 * Reads one order's status and records it. A processing order is read until it is
 * final; a placed one, more slowly, until its tracking is in. Transient trouble backs
 * off; a 429 holds every request until its Retry-After has passed.
 */
export async function pollOrder(
  client: ServiceClient,
  record: OrderRecord,
  settings: Settings,
  now = Date.now(),
): Promise<void> {
  if (!record.requestId) return;
  try {
    const status = await client.getOrder(record.requestId);
    const after = await changeOrder(
      record.localId,
      (current) => applyOrderStatus(current, status, now, settings),
      'status read',
    );
    if (after?.managed && after.state === 'processing' && !after.waitingNoted) {
      const waited = Math.floor((now - after.createdAt) / MINUTE);
      if (waited >= settings.managedWaitingMinutes) {
        await changeOrder(after.localId, (current) => ({ ...current, waitingNoted: true }));
        await announceManagedWaiting(after, waited);
      }
    }
  } catch (error) {
    await recordPollError(record, error, now);
  }
}

async function recordPollError(record: OrderRecord, error: unknown, now: number): Promise<void> {
  if (error instanceof ServiceError && error.code === 'invalid_request_id') {
    // The service does not know this request (any more): nothing left to follow.
    const failure = toFailure(error.code, error.message, error.data);
    await changeOrder(
      record.localId,
      (current) =>
        current.state === 'processing'
          ? {
              ...current,
              state: 'failed',
              failure,
              trackingDone: true,
              schedule: { ...current.schedule, nextAt: Number.MAX_SAFE_INTEGER },
            }
          : {
              ...current,
              trackingDone: true,
              schedule: {
                ...current.schedule,
                nextAt: Number.MAX_SAFE_INTEGER,
                lastError: failure.title,
              },
            },
      'unknown to the service',
    );
    return;
  }
  const message = error instanceof ServiceApiError ? error.userMessage : String(error);
  let minDelay = 0;
  if (error instanceof RateLimitedError) {
    minDelay = error.retryAfterMs;
    await noteRateLimit(now + error.retryAfterMs);
  }
  // A rejected token will not fix itself: check again in a few minutes, not sooner.
  if (error instanceof UnauthorizedError) minDelay = 5 * MINUTE;
  await changeOrder(record.localId, (current) => ({
    ...current,
    schedule: afterTransientError(current.schedule, now, message, minDelay),
  }));
}
