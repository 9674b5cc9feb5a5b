/**
 * What the user can do to an order from a page: look at it, refresh, abort, cancel a
 * merchant order, undo. Each goes through the order's life (a refusal is told in a
 * sentence) and, when it needs the service, through the gate: during a 429 hold nothing
 * is sent and the user is told so.
 */
import { t } from '../../shared/i18n.ts';
import type { OrderRecord } from '../../shared/order-record.ts';
import type {
  OrderDetail,
  OrderView,
  Payload,
  PlaceReply,
  PlaceResult,
  Replies,
} from '../../shared/protocol.ts';
import { joinSentences } from '../../shared/sentences.ts';
import { clock } from '../clock.ts';
import { changeOrder } from '../history/changes.ts';
import { history } from '../history/connection.ts';
import { isCancellationDecided } from '../order-life/cancellation-phases.ts';
import { orderView } from '../order-life/order-answers.ts';
import { changeOrderRecord } from '../order-life/order-changes.ts';
import { phaseOf } from '../order-life/phases.ts';
import { OrderLifeRefusal } from '../order-life/refusal.ts';
import { undoOrders } from '../placing/order-undo.ts';
import { dropPendingBody } from '../placing/pending-bodies.ts';
import { advanceCancellation, startCancellation } from '../rounds/cancellation-steps.ts';
import { readOrder, sendIfWaitingForToken } from '../rounds/order-steps.ts';
import { nudge } from '../rounds/scheduler.ts';
import { openGate } from '../rounds/service-gate.ts';
import { meaningOf } from '../rounds/step-errors.ts';
import { readSettings } from '../settings-store.ts';
import { OrderNotFoundError } from './user-errors.ts';

type Store = Awaited<ReturnType<typeof history>>;

/** The title of an earlier order of the same product, for an order without one (synced). */
async function knownTitle(store: Store, order: OrderRecord): Promise<string | undefined> {
  const [productId] = order.productIds ?? [];
  if (order.title || !productId) return undefined;
  return store.productTitle(order.retailer, productId);
}

/** THE one place orders are made ready for pages (order-life/order-answers.ts `orderView`). */
async function viewsOf(orders: readonly OrderRecord[]): Promise<OrderView[]> {
  const store = await history();
  const cancellations = await store.cancellationsOfEach(orders.map((order) => order.localId));
  return Promise.all(
    orders.map(async (order, index) =>
      orderView(order, cancellations[index] ?? [], await knownTitle(store, order)),
    ),
  );
}

export async function listOrders(query: Payload<'orders.query'>): Promise<OrderView[]> {
  const store = await history();
  const views = await viewsOf(
    await store.queryOrders(query as Parameters<Store['queryOrders']>[0]),
  );
  // Of the orders in a state that takes a cancellation, those the life offers one for now.
  return query.state === 'cancellable'
    ? views.filter((view) => view.life.actions.cancel.length > 0)
    : views;
}

export async function searchOrders(
  query: Payload<'orders.search'>,
): Promise<Replies['orders.search']> {
  const page = await (await history()).searchOrders(query as Parameters<Store['queryOrders']>[0]);
  return { ...page, orders: await viewsOf(page.orders) };
}

export async function placeReply(result: PlaceResult): Promise<PlaceReply> {
  if (!result.placed) return result;
  const [order] = await viewsOf([result.order]);
  return { ...result, order: order as OrderView };
}

export async function orderDetail(localId: string): Promise<OrderDetail | null> {
  const store = await history();
  const order = await store.getOrder(localId);
  if (!order) return null;
  const [cancellations, events, title] = await Promise.all([
    store.cancellationsOf(localId),
    store.eventsOf(localId),
    knownTitle(store, order),
  ]);
  return { order: orderView(order, cancellations, title), cancellations, events };
}

async function requireOrder(localId: string): Promise<OrderRecord> {
  const order = await (await history()).getOrder(localId);
  if (!order) throw new OrderNotFoundError();
  return order;
}

/** Reads the order (and its open cancellations) now, whatever their schedule. */
export async function refreshOrder(
  localId: string,
  now = clock.now(),
): Promise<OrderDetail | null> {
  const order = await requireOrder(localId);
  const gate = await openGate();
  const ctx = { now, settings: gate.settings };
  if (order.requestId && phaseOf(order.state) !== 'failed') await readOrder(gate, order, ctx);
  else {
    // An order waiting for a working token goes out now, with the token saved.
    await sendIfWaitingForToken(order, ctx);
    nudge();
  }
  for (const cancellation of await (await history()).cancellationsOf(localId))
    if (!isCancellationDecided(cancellation)) await advanceCancellation(gate, cancellation, ctx);
  return orderDetail(localId);
}

export async function abortOrder(localId: string, now = clock.now()): Promise<OrderDetail> {
  const order = await requireOrder(localId);
  const settings = await readSettings();
  // The life says first whether an abort applies (never without a request id to
  // address); nothing is sent if not.
  const check = changeOrderRecord(order, { type: 'abort' }, { now, settings });
  if ('refused' in check) throw new OrderLifeRefusal(check.refused);
  const gate = await openGate();
  try {
    const status = await gate.client.abortOrder(order.requestId as string);
    await changeOrder(localId, { type: 'abort' }, { now, settings }, 'abort requested');
    await changeOrder(localId, { type: 'status', status }, { now, settings }, 'abort answered');
  } catch (error) {
    const meaning = meaningOf(error, now);
    if (meaning.kind === 'trouble' && meaning.trouble === 'rate_limited') throw error;
    const said = meaning.kind === 'refused' ? meaning.failure.title : meaning.error;
    throw new OrderLifeRefusal(joinSentences(t('bg_abort_not_sent', said), t('bg_try_again')));
  }
  nudge();
  return (await orderDetail(localId)) as OrderDetail;
}

/** Stops an order not yet placed; the life says whether it applies and what it means. */
export async function withdrawOrder(localId: string, now = clock.now()): Promise<OrderDetail> {
  const ctx = { now, settings: await readSettings() };
  const written = await changeOrder(localId, { type: 'withdraw' }, ctx, 'withdrawn by the buyer');
  if ('missing' in written) throw new OrderNotFoundError();
  if ('refused' in written) throw new OrderLifeRefusal(written.refused);
  return (await orderDetail(localId)) as OrderDetail;
}

/** Starts the cancellation of one merchant order of a placed order (one per request). */
export async function cancelOrder(
  localId: string,
  merchantOrderId: string,
  draftId: string,
  now = clock.now(),
): Promise<OrderDetail> {
  const order = await requireOrder(localId);
  // Opened before anything is recorded: during a 429 hold the cancellation is refused,
  // not queued behind the user's back.
  const gate = await openGate();
  const cancellation = await startCancellation(order, merchantOrderId, draftId, now);
  // Not yet accepted (new, or its answer lost): it goes out now, under its one key.
  if (!cancellation.requestId)
    await advanceCancellation(gate, cancellation, { now, settings: gate.settings });
  nudge();
  return (await orderDetail(localId)) as OrderDetail;
}

export async function undoPlacedOrder(
  localId: string,
  now = clock.now(),
): Promise<{ undone: boolean; order: OrderView | null }> {
  const [removed] = await undoOrders([localId], { now, settings: await readSettings() });
  if (removed) {
    await dropPendingBody(localId);
    return { undone: true, order: null };
  }
  const order = await (await history()).getOrder(localId);
  return { undone: false, order: order ? ((await viewsOf([order]))[0] ?? null) : null };
}
