import type { ServiceClient } from '../api/client.ts';
import {
  OutcomeUnknownError,
  RateLimitedError,
  ServiceApiError,
  ServiceError,
  UnauthorizedError,
} from '../api/errors.ts';
import type { OrderRequest } from '../api/schemas/order-request.ts';
import type { OrderRecord } from '../shared/order-record.ts';
import type { Settings } from '../shared/settings.ts';
import { changeOrder } from './changes.ts';
import { toFailure } from './failure.ts';
import { processingDelay } from './order-status.ts';
import { dropPendingBody, pendingBody } from './pending-bodies.ts';
import { noteRateLimit } from './rate-limit.ts';
import { reconcileOrder } from './reconcile.ts';

/** A POST whose outcome is unknown is retried this many times with the same key. */
export const MAX_SEND_ATTEMPTS = 4;

function describe(error: unknown): string {
  if (error instanceof ServiceApiError) return error.userMessage;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Sends (or resends, always under the record's one idempotency key) an order whose
 * POST is not confirmed. An unknown outcome is retried with backoff a bounded number
 * of times, then the order turns `unconfirmed` and is looked for in the service's
 * list; it is never reported as failed, and never sent under a new key.
 */
export async function sendOrder(
  client: ServiceClient,
  record: OrderRecord,
  settings: Settings,
  now = Date.now(),
): Promise<void> {
  if (record.state === 'unconfirmed') {
    await reconcileOrder(client, record, now);
    return;
  }
  // The body with its secrets is in memory-only storage; for a managed order (no
  // secrets) the stored request is the whole body. Without it, after a browser
  // restart, the order can only be looked for in the service's list.
  const body = (await pendingBody(record.localId)) ?? (record.managed ? record.request : undefined);
  if (!body) {
    await changeOrder(
      record.localId,
      (current) =>
        current.state === 'sending'
          ? { ...current, state: 'unconfirmed', schedule: { ...current.schedule, nextAt: now } }
          : undefined,
      'the full request was lost with a browser restart; looking for it in the service',
    );
    return;
  }
  try {
    const { requestId } = await client.createOrder(body as OrderRequest, {
      idempotencyKey: record.idempotencyKey,
    });
    await dropPendingBody(record.localId);
    await changeOrder(
      record.localId,
      (current) =>
        current.requestId === undefined ||
        current.state === 'sending' ||
        current.state === 'unconfirmed'
          ? {
              ...current,
              requestId,
              state:
                current.state === 'sending' || current.state === 'unconfirmed'
                  ? 'processing'
                  : current.state,
              schedule: {
                nextAt: now + processingDelay(current, now, settings),
                attempts: 0,
                count: current.schedule.count + 1,
              },
            }
          : undefined,
      `accepted as ${requestId}`,
    );
  } catch (error) {
    if (error instanceof RateLimitedError) {
      await noteRateLimit(now + error.retryAfterMs);
      await changeOrder(record.localId, (current) => ({
        ...current,
        schedule: {
          ...current.schedule,
          nextAt: now + error.retryAfterMs,
          lastError: describe(error),
        },
      }));
      return;
    }
    if (error instanceof ServiceApiError && error.mayHaveTakenEffect) {
      await changeOrder(
        record.localId,
        (current) => {
          const attempts = current.schedule.attempts + 1;
          const count = current.schedule.count + 1;
          const lastError = describe(error);
          // Retries come quickly (1 s, 2 s, 4 s): the user is watching the popup.
          return attempts >= MAX_SEND_ATTEMPTS
            ? {
                ...current,
                state: 'unconfirmed',
                schedule: { nextAt: now + 5_000, attempts: 0, count, lastError },
              }
            : {
                ...current,
                schedule: { nextAt: now + 1_000 * 2 ** (attempts - 1), attempts, count, lastError },
              };
        },
        error instanceof OutcomeUnknownError
          ? `outcome unknown (${error.reason})`
          : 'answer not understood',
      );
      return;
    }
    // The service answered and refused: nothing was placed, and resending the same
    // body would be refused again. The user is told why and what to change.
    await dropPendingBody(record.localId);
    const failure =
      error instanceof UnauthorizedError
        ? toFailure('invalid_client_token', error.userMessage)
        : error instanceof ServiceError
          ? toFailure(error.code, error.message, error.data)
          : toFailure('internal_error', describe(error));
    await changeOrder(
      record.localId,
      (current) =>
        current.state === 'sending'
          ? {
              ...current,
              state: 'failed',
              failure,
              trackingDone: true,
              schedule: {
                ...current.schedule,
                nextAt: Number.MAX_SAFE_INTEGER,
                lastError: describe(error),
              },
            }
          : undefined,
      `refused: ${failure.code}`,
    );
  }
}
