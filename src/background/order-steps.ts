/**
 * The network steps of one order, each ending in one event for the write path:
 * the hold's end, the POST (resent under the same key while its outcome is unknown),
 * the search for an unconfirmed order, and the status read of an order in flight.
 * Placed orders awaiting tracking are read together through the list
 * (tracking-watch.ts); cancellations have their own steps (cancellation-steps.ts).
 */
import { ServiceError } from '../api/errors.ts';
import type { OrderRequest } from '../api/schemas/order-request.ts';
import type { OrderRecord } from '../shared/order-record.ts';
import { changeOrder, type WriteContext } from './changes.ts';
import { toFailure } from './order-life/failure.ts';
import type { OrderEvent } from './order-life/order-changes.ts';
import { isAbout, keysOf, type ListedStatus } from './order-life/service-body.ts';
import { dropPendingBody, pendingBody } from './pending-bodies.ts';
import type { Gate } from './service-gate.ts';
import { meaningOf } from './step-errors.ts';

const PAGE = 100;
const MAX_PAGES = 10;
/** Orders show up in the list with the service's own clock; allow for skew. */
export const CLOCK_SKEW_MS = 10 * 60_000;

/** Runs the step an order in flight is due for. */
export async function advanceOrder(
  gate: Gate,
  record: OrderRecord,
  ctx: WriteContext,
): Promise<void> {
  switch (record.state) {
    case 'held': {
      const written = await changeOrder(record.localId, { type: 'hold_ended' }, ctx, 'hold over');
      if ('after' in written) await sendOrder(gate, written.after, ctx);
      return;
    }
    case 'sending':
      return sendOrder(gate, record, ctx);
    case 'unconfirmed':
      return reconcileOrder(gate, record, ctx);
    case 'processing':
      // Found in the list before its request id was known: looked for there again.
      return record.requestId ? readOrder(gate, record, ctx) : reconcileOrder(gate, record, ctx);
    default:
      return;
  }
}

/** The full body to send: secrets live in memory-only storage; a managed order has none. */
async function bodyOf(record: OrderRecord): Promise<Record<string, unknown> | undefined> {
  return (await pendingBody(record.localId)) ?? (record.managed ? record.request : undefined);
}

/**
 * Sends (or resends, always under the record's one idempotency key) an order whose
 * POST is not confirmed. An unknown outcome is never reported as a failure.
 */
export async function sendOrder(gate: Gate, record: OrderRecord, ctx: WriteContext): Promise<void> {
  const body = await bodyOf(record);
  if (!body) {
    await changeOrder(
      record.localId,
      {
        type: 'post_gave_up',
        reason: 'The full request was lost with a browser restart; looking for it in the service.',
      },
      ctx,
      'request lost with a browser restart',
    );
    return;
  }
  await post(gate, record, body, ctx);
}

async function post(
  gate: Gate,
  record: OrderRecord,
  body: Record<string, unknown>,
  ctx: WriteContext,
): Promise<void> {
  let event: OrderEvent;
  try {
    const { requestId } = await gate.client.createOrder(body as OrderRequest, {
      idempotencyKey: record.idempotencyKey,
    });
    await dropPendingBody(record.localId);
    event = { type: 'accepted', requestId };
  } catch (error) {
    const meaning = meaningOf(error, ctx.now);
    if (meaning.kind === 'unknown') {
      // Without an idempotency key a resend could place a second order: the order is
      // only looked for in the list then.
      event = { type: 'post_unknown', error: meaning.error, resendable: gate.sendsKeys };
    } else if (meaning.kind === 'refused') {
      await dropPendingBody(record.localId);
      event = { type: 'post_refused', failure: meaning.failure };
    } else event = { type: 'waited', ...meaning };
  }
  await changeOrder(record.localId, event, ctx);
}

/**
 * An order whose POST never got a clear answer. With its body and an idempotency key,
 * the POST is sent again under the same key (the service answers a repeated key with
 * the first answer, so this can never make a second order, and it gives the request
 * id). Otherwise it is looked for in the service's list by its reference.
 */
export async function reconcileOrder(
  gate: Gate,
  record: OrderRecord,
  ctx: WriteContext,
): Promise<void> {
  const body = gate.sendsKeys && record.state === 'unconfirmed' ? await bodyOf(record) : undefined;
  if (body) return post(gate, record, body, ctx);
  let event: OrderEvent;
  try {
    const listed = await findListed(gate, record);
    event = listed ? { type: 'status', status: listed.status } : { type: 'not_listed' };
  } catch (error) {
    const meaning = meaningOf(error, ctx.now);
    event =
      meaning.kind === 'trouble'
        ? { type: 'waited', ...meaning }
        : {
            type: 'waited',
            trouble: 'failed_read',
            error: 'error' in meaning ? meaning.error : meaning.failure.title,
          };
  }
  await changeOrder(
    record.localId,
    event,
    ctx,
    event.type === 'status' ? 'found in the service’s order list' : undefined,
  );
}

/** Finds the order in the service's list by our reference, newest pages first. */
export async function findListed(
  gate: Gate,
  record: OrderRecord,
): Promise<ListedStatus | undefined> {
  for (let page = 0; page < MAX_PAGES; page++) {
    const listed = await gate.client.listOrders({
      limit: PAGE,
      skip: page * PAGE,
      starting_after: Math.max(0, record.createdAt - CLOCK_SKEW_MS),
      retailer: record.retailer as NonNullable<OrderRequest['retailer']>,
    });
    for (const entry of listed) {
      if (entry.readable && isAbout(keysOf(entry.body), record)) return entry;
    }
    if (listed.length < PAGE) return undefined;
  }
  return undefined;
}

/** Reads one order's status by its own GET and records it. */
export async function readOrder(gate: Gate, record: OrderRecord, ctx: WriteContext): Promise<void> {
  if (!record.requestId) return;
  let event: OrderEvent;
  try {
    event = { type: 'status', status: await gate.client.getOrder(record.requestId) };
  } catch (error) {
    if (error instanceof ServiceError && error.code === 'invalid_request_id') {
      // The service does not know this request (any more): nothing left to follow.
      event = {
        type: 'unknown_id',
        failure: toFailure(error.code, error.serviceMessage, error.data),
      };
    } else {
      const meaning = meaningOf(error, ctx.now);
      event =
        meaning.kind === 'trouble'
          ? { type: 'waited', ...meaning }
          : {
              type: 'waited',
              trouble: 'failed_read',
              error: meaning.kind === 'unknown' ? meaning.error : meaning.failure.title,
            };
    }
  }
  await changeOrder(
    record.localId,
    event,
    ctx,
    event.type === 'status' ? 'status read' : undefined,
  );
}
