import type { ServiceClient } from '../api/client.ts';
import { RateLimitedError, ServiceApiError } from '../api/errors.ts';
import type { ListedOrder } from '../api/outcomes.ts';
import type { OrderRequest } from '../api/schemas/order-request.ts';
import type { OrderRecord } from '../shared/order-record.ts';
import { changeOrder } from './changes.ts';
import { afterTransientError, applyOrderStatus } from './order-status.ts';
import { dropPendingBody, pendingBody } from './pending-bodies.ts';
import { noteRateLimit } from './rate-limit.ts';
import { readSettings } from './settings-store.ts';

const PAGE = 100;
const MAX_PAGES = 10;
/** Orders show up in the list with the service's own clock; allow for skew. */
const CLOCK_SKEW_MS = 10 * 60_000;

/** The listed request's reference or key, whichever the service echoed back. */
export function listedReference(listed: ListedOrder): { ref?: string; key?: string } {
  const body = listed.status.state === 'placed' ? listed.status.order : listed.status.body;
  const request = (body as { request?: Record<string, unknown> | null }).request ?? undefined;
  const notes = request?.client_notes as Record<string, unknown> | undefined;
  const ref = typeof notes?.buyline_ref === 'string' ? notes.buyline_ref : undefined;
  const key = typeof request?.idempotency_key === 'string' ? request.idempotency_key : undefined;
  return { ...(ref ? { ref } : {}), ...(key ? { key } : {}) };
}

/** Finds the order in the service's list by our reference, newest pages first. */
export async function findListed(
  client: ServiceClient,
  record: OrderRecord,
): Promise<ListedOrder | undefined> {
  for (let page = 0; page < MAX_PAGES; page++) {
    const listed = await client.listOrders({
      limit: PAGE,
      skip: page * PAGE,
      starting_after: Math.max(0, record.createdAt - CLOCK_SKEW_MS),
      retailer: record.retailer as NonNullable<OrderRequest['retailer']>,
    });
    const match = listed.find((entry) => {
      const { ref, key } = listedReference(entry);
      return ref === record.localId || key === record.idempotencyKey;
    });
    if (match || listed.length < PAGE) return match;
  }
  return undefined;
}

/**
 * An order whose POST never got a clear answer. First the service's list is searched
 * for it by reference; if it is not there and the full body is still in memory, the
 * POST is tried again under the same idempotency key (the service answers a repeated
 * key with the first answer, so this can never make a second order).
 */
export async function reconcileOrder(
  client: ServiceClient,
  record: OrderRecord,
  now = Date.now(),
): Promise<void> {
  const settings = await readSettings();
  try {
    const listed = await findListed(client, record);
    if (listed) {
      await dropPendingBody(record.localId);
      await changeOrder(
        record.localId,
        (current) => {
          if (current.state !== 'unconfirmed') return undefined;
          const withId = listed.requestId ? { ...current, requestId: listed.requestId } : current;
          return applyOrderStatus(withId, listed.status, now, settings);
        },
        'found in the service’s order list',
      );
      return;
    }
    const body =
      (await pendingBody(record.localId)) ?? (record.managed ? record.request : undefined);
    if (body) {
      const { requestId } = await client.createOrder(body as OrderRequest, {
        idempotencyKey: record.idempotencyKey,
      });
      await dropPendingBody(record.localId);
      await changeOrder(
        record.localId,
        (current) =>
          current.state === 'unconfirmed'
            ? {
                ...current,
                requestId,
                state: 'processing',
                schedule: { nextAt: now, attempts: 0, count: current.schedule.count + 1 },
              }
            : undefined,
        `confirmed as ${requestId} on a retry with the same key`,
      );
      return;
    }
    await changeOrder(record.localId, (current) => ({
      ...current,
      schedule: afterTransientError(
        current.schedule,
        now,
        'Not found in the service’s order list yet.',
        30_000,
      ),
    }));
  } catch (error) {
    if (error instanceof RateLimitedError) await noteRateLimit(now + error.retryAfterMs);
    const message = error instanceof ServiceApiError ? error.userMessage : String(error);
    await changeOrder(record.localId, (current) => ({
      ...current,
      schedule: afterTransientError(current.schedule, now, message, 30_000),
    }));
  }
}
