/**
 * What the user can do to an order from a page: look at it, refresh it now, abort it
 * while it is being placed, cancel a merchant order once placed, undo it while held.
 * Each goes through the order's life (a refusal is told in a sentence) and, when it
 * needs the service, through the gate: during a 429 hold nothing is sent and the user
 * is told so (RateLimitHoldError, kind `rate_limited`).
 */

import { t } from '../shared/i18n.ts';
import type { OrderRecord } from '../shared/order-record.ts';
import type {
  OrderDetail,
  OrderView,
  Payload,
  PlaceReply,
  PlaceResult,
  Replies,
} from '../shared/protocol.ts';
import { joinSentences } from '../shared/sentences.ts';
import { advanceCancellation, startCancellation } from './cancellation-steps.ts';
import { changeOrder } from './changes.ts';
import { clock } from './clock.ts';
import { history } from './history.ts';
import { OrderNotFoundError } from './not-found.ts';
import { isCancellationDecided } from './order-life/order-actions.ts';
import { changeOrderRecord } from './order-life/order-changes.ts';
import { orderView } from './order-life/order-view.ts';
import { OrderLifeRefusal } from './order-life/refusal.ts';
import { readOrder, sendIfWaitingForToken } from './order-steps.ts';
import { undoOrder } from './order-undo.ts';
import { dropPendingBody } from './pending-bodies.ts';
import { nudge } from './scheduler.ts';
import { openGate } from './service-gate.ts';
import { readSettings } from './settings-store.ts';
import { meaningOf } from './step-errors.ts';

type Store = Awaited<ReturnType<typeof history>>;

/**
 * The title of an earlier order of the same product, for an order that came without
 * one (imported by sync): the best name known for it.
 */
async function knownTitle(store: Store, order: OrderRecord): Promise<string | undefined> {
  const [productId] = order.productIds ?? [];
  if (order.title || !productId) return undefined;
  return store.productTitle(order.retailer, productId);
}

/**
 * THE one place orders are made ready for pages: each with what can be done with it
 * now (order-life/order-actions.ts), its latest cancellation and the best title known.
 */
export async function viewsOf(orders: readonly OrderRecord[]): Promise<OrderView[]> {
  const store = await history();
  const cancellations = await store.cancellationsOfEach(orders.map((order) => order.localId));
  return Promise.all(
    orders.map(async (order, index) =>
      orderView(order, cancellations[index] ?? [], await knownTitle(store, order)),
    ),
  );
}

/** The orders a page asked for, newest first, each as pages are given it. */
export async function listOrders(query: Payload<'orders.query'>): Promise<OrderView[]> {
  const store = await history();
  return viewsOf(await store.queryOrders(query as Parameters<Store['queryOrders']>[0]));
}

/** A page of the orders a page asked for, and where the next starts (history/query-orders.ts). */
export async function searchOrders(
  query: Payload<'orders.search'>,
): Promise<Replies['orders.search']> {
  const page = await (await history()).searchOrders(query as Parameters<Store['queryOrders']>[0]);
  return { ...page, orders: await viewsOf(page.orders) };
}

/** What `order.place` answers a page: the order as pages are given it. */
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
  if (order.requestId && order.state !== 'failed') await readOrder(gate, order, ctx);
  else {
    // An order waiting for a working token goes out now, with the token saved.
    await sendIfWaitingForToken(order, ctx);
    nudge();
  }
  for (const cancellation of await (await history()).cancellationsOf(localId)) {
    if (!isCancellationDecided(cancellation)) await advanceCancellation(gate, cancellation, ctx);
  }
  return orderDetail(localId);
}

/** Asks the service to stop an order that is still being placed. */
export async function abortOrder(localId: string, now = clock.now()): Promise<OrderDetail> {
  const order = await requireOrder(localId);
  const settings = await readSettings();
  // The life says first whether an abort applies; nothing is sent if not.
  const check = changeOrderRecord(order, { type: 'abort' }, { now, settings });
  if ('refused' in check) throw new OrderLifeRefusal(check.refused);
  // Without the service's request id there is nothing to address: never /orders/undefined.
  if (!order.requestId) throw new OrderLifeRefusal(orderView(order).life.unavailable ?? '');
  const gate = await openGate();
  try {
    const status = await gate.client.abortOrder(order.requestId);
    await changeOrder(localId, { type: 'abort' }, { now, settings }, 'abort requested');
    await changeOrder(localId, { type: 'status', status }, { now, settings }, 'abort answered');
  } catch (error) {
    const meaning = meaningOf(error, now);
    if (meaning.kind === 'trouble' && meaning.trouble === 'rate_limited') throw error;
    throw new OrderLifeRefusal(
      joinSentences(
        t('bg_abort_not_sent', meaning.kind === 'refused' ? meaning.failure.title : meaning.error),
        t('bg_try_again'),
      ),
    );
  }
  nudge();
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
  // Checked before anything is recorded: during a 429 hold the cancellation is refused,
  // not queued behind the user's back.
  const gate = await openGate();
  const cancellation = await startCancellation(order, merchantOrderId, draftId, now);
  if (cancellation.state === 'sending')
    await advanceCancellation(gate, cancellation, { now, settings: gate.settings });
  nudge();
  return (await orderDetail(localId)) as OrderDetail;
}

/** Takes back a held order: it is removed and nothing is sent. */
export async function undoPlacedOrder(
  localId: string,
  now = clock.now(),
): Promise<{ undone: boolean; order: OrderView | null }> {
  const result = await undoOrder(localId, { now, settings: await readSettings() });
  if ('removed' in result) {
    await dropPendingBody(localId);
    return { undone: true, order: null };
  }
  const order = await (await history()).getOrder(localId);
  return { undone: false, order: order ? ((await viewsOf([order]))[0] ?? null) : null };
}
