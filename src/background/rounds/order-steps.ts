/**
 * The network steps of one order in flight, each ending in one event for the write
 * path: the hold's end, the POST (resent under the same key while its outcome is
 * unknown), the search for an unconfirmed order, and the status read.
 */
import { ServiceError } from '../../api/errors.ts';
import type { OrderRequest } from '../../api/schemas/order-request.ts';
import { t } from '../../shared/i18n.ts';
import type { OrderRecord } from '../../shared/order-record.ts';
import { changeCancellation, changeOrder, type WriteContext } from '../history/changes.ts';
import { history } from '../history/connection.ts';
import {
  AWAITING_TOKEN_STATES,
  TOKEN_READY_CANCELLATION_STATES,
  TOKEN_READY_ORDER_STATES,
  toFailure,
  waitsForToken,
} from '../order-life/life-change.ts';
import type { OrderEvent } from '../order-life/order-changes.ts';
import { type OrderStep, stepOf } from '../order-life/phases.ts';
import { isAbout, keysOf, type ListedStatus } from '../order-life/service-body.ts';
import { IDLE } from '../order-life/timing.ts';
import { dropPendingBody, pendingBody } from '../placing/pending-bodies.ts';
import { writeRead } from './round-writes.ts';
import type { Gate } from './service-gate.ts';
import { meaningOf, postFailed, readFailed } from './step-errors.ts';

const PAGE = 100;
const MAX_PAGES = 10;
/** Orders show up in the list with the service's own clock; allow for skew. */
export const CLOCK_SKEW_MS = 10 * 60_000;

type Step = (gate: Gate, record: OrderRecord, ctx: WriteContext) => Promise<void>;
const nothing: Step = async () => undefined;

/** How each step the order's life names (order-life/phases.ts) is carried out. */
const STEPS: Record<OrderStep, Step> = {
  end_hold: endHold,
  send: sendOrder,
  find: (gate, record, ctx) => reconcileOrder(gate, record, ctx, true),
  // Being placed but found in the list before its request id was known: looked for there.
  read: (gate, record, ctx) =>
    record.requestId ? readOrder(gate, record, ctx) : reconcileOrder(gate, record, ctx, false),
  // Placed orders are read together, through the list (tracking-watch.ts).
  watch: nothing,
  none: nothing,
};

export async function advanceOrder(
  gate: Gate,
  record: OrderRecord,
  ctx: WriteContext,
): Promise<void> {
  await STEPS[stepOf(record.state)](gate, record, ctx);
}

async function endHold(gate: Gate, record: OrderRecord, ctx: WriteContext): Promise<void> {
  const written = await changeOrder(record.localId, { type: 'hold_ended' }, ctx, 'hold over');
  if ('after' in written) await sendOrder(gate, written.after, ctx);
}

/** The full body to send: secrets live in memory-only storage; a managed order has none. */
async function bodyOf(record: OrderRecord): Promise<Record<string, unknown> | undefined> {
  return (await pendingBody(record.localId)) ?? (record.managed ? record.request : undefined);
}

/** Sends (or resends, always under its one idempotency key) an unconfirmed POST. */
async function sendOrder(gate: Gate, record: OrderRecord, ctx: WriteContext): Promise<void> {
  const body = await bodyOf(record);
  if (body) return post(gate, record, body, ctx);
  const lost = t('bg_requestLostOnRestart');
  const event = { type: 'post_unknown', error: lost, resendable: false } as const;
  await changeOrder(record.localId, event, ctx, 'request lost with a browser restart');
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
    // Without an idempotency key a resend could place a second order: the order is
    // only looked for in the list then.
    event = postFailed(meaning, gate.sendsKeys);
    // A rejected token placed nothing: the order waits for a working one.
    if (meaning.kind === 'trouble' && meaning.trouble === 'unauthorized')
      event = { type: 'token_refused', error: meaning.error };
    // The service has it, or refused it: the body (its secrets) is not needed again.
    if (meaning.kind === 'already_exists' || meaning.kind === 'refused')
      await dropPendingBody(record.localId);
  }
  await changeOrder(record.localId, event, ctx);
}

/**
 * An order whose POST never got a clear answer: resent under the same key (answered
 * with the first answer, so never a second order) when it can be, else looked for in
 * the service's list by its reference. One the service has (`resendable` false) is
 * only looked for.
 */
async function reconcileOrder(
  gate: Gate,
  record: OrderRecord,
  ctx: WriteContext,
  resendable: boolean,
): Promise<void> {
  const resend = resendable && gate.sendsKeys && !record.alreadyAtService;
  const body = resend ? await bodyOf(record) : undefined;
  if (body) return post(gate, record, body, ctx);
  let event: OrderEvent;
  try {
    const listed = await findListed(gate, record);
    event = listed ? { type: 'status', status: listed.status } : { type: 'not_listed' };
  } catch (error) {
    event = readFailed(error, ctx.now);
  }
  await writeRead(
    record.localId,
    event,
    ctx,
    event.type === 'status' ? 'found in the service’s order list' : undefined,
  );
}

async function findListed(gate: Gate, record: OrderRecord): Promise<ListedStatus | undefined> {
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

export async function readOrder(gate: Gate, record: OrderRecord, ctx: WriteContext): Promise<void> {
  if (!record.requestId) return;
  let event: OrderEvent;
  try {
    event = { type: 'status', status: await gate.client.getOrder(record.requestId) };
  } catch (error) {
    if (error instanceof ServiceError && error.code === 'invalid_request_id') {
      // The service does not know this request (any more): nothing left to follow.
      const failure = toFailure(error.code, error.serviceMessage, error.data);
      event = { type: 'unknown_id', failure };
    } else event = readFailed(error, ctx.now);
  }
  await writeRead(record.localId, event, ctx, event.type === 'status' ? 'status read' : undefined);
}

/** At most this many records are released by one saved token (the rest by the next). */
const RELEASE_LIMIT = 10_000;

/**
 * A token was saved: what waited for a working one runs now (an order goes out under its
 * same key). The caller wakes the scheduler. Answers how many records were released.
 */
export async function releaseTokenWaiters(ctx: WriteContext): Promise<number> {
  const store = await history();
  const [orders, cancellations] = await Promise.all([
    store.dueOrders(IDLE, TOKEN_READY_ORDER_STATES, RELEASE_LIMIT),
    store.dueCancellations(IDLE, TOKEN_READY_CANCELLATION_STATES, RELEASE_LIMIT),
  ]);
  const ready = { type: 'token_ready' } as const;
  let released = 0;
  for (const order of orders.filter(waitsForToken))
    if ('after' in (await changeOrder(order.localId, ready, ctx, 'token saved'))) released += 1;
  for (const entry of cancellations.filter(waitsForToken))
    if ('after' in (await changeCancellation(entry.localId, ready, ctx, 'token saved'))) released++;
  return released;
}

/** Refresh of an order waiting for a working token: it goes out now with the token saved. */
export async function sendIfWaitingForToken(
  record: OrderRecord,
  ctx: WriteContext,
): Promise<boolean> {
  if (!TOKEN_READY_ORDER_STATES.includes(record.state) || !waitsForToken(record)) return false;
  const written = await changeOrder(record.localId, { type: 'token_ready' }, ctx, 'refresh asked');
  return 'after' in written;
}

/** How many orders wait for a working token (Options says so). */
export async function countOrdersAwaitingToken(): Promise<number> {
  return (await history()).countOrders(AWAITING_TOKEN_STATES);
}
