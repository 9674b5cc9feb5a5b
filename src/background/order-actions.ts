import type { OrderDetail } from '../shared/protocol.ts';
import { advanceCancellation, startCancellation } from './cancellations.ts';
import { changeOrder } from './changes.ts';
import { history } from './history.ts';
import { pollOrder } from './order-poller.ts';
import { applyOrderStatus } from './order-status.ts';
import { nudge } from './scheduler.ts';
import { serviceClient } from './service.ts';
import { readSettings } from './settings-store.ts';

export async function orderDetail(localId: string): Promise<OrderDetail | null> {
  const store = await history();
  const order = await store.getOrder(localId);
  if (!order) return null;
  const [cancellations, events] = await Promise.all([
    store.cancellationsOf(localId),
    store.eventsOf(localId),
  ]);
  return { order, cancellations, events };
}

async function requireOrder(localId: string) {
  const order = await (await history()).getOrder(localId);
  if (!order) throw new Error('This order is not in the history any more.');
  return order;
}

/** Reads the order (and its open cancellations) now, whatever their schedule. */
export async function refreshOrder(localId: string): Promise<OrderDetail | null> {
  const order = await requireOrder(localId);
  const [client, settings] = await Promise.all([serviceClient(), readSettings()]);
  if (order.requestId) await pollOrder(client, order, settings);
  else nudge();
  for (const cancellation of await (await history()).cancellationsOf(localId)) {
    if (cancellation.state !== 'cancelled' && cancellation.state !== 'failed') {
      await advanceCancellation(client, cancellation, settings);
    }
  }
  return orderDetail(localId);
}

/** Asks the service to stop an order that is still being placed. */
export async function abortOrder(localId: string, now = Date.now()): Promise<OrderDetail> {
  const order = await requireOrder(localId);
  if (order.state === 'placed' || order.state === 'failed') {
    throw new Error(
      order.state === 'placed'
        ? 'This order is already placed: cancel it instead.'
        : 'This order already ended.',
    );
  }
  if (!order.requestId)
    throw new Error(
      'This order is still being sent; abort it in a moment, once the service has it.',
    );
  const [client, settings] = await Promise.all([serviceClient(), readSettings()]);
  const status = await client.abortOrder(order.requestId);
  await changeOrder(
    localId,
    (current) => applyOrderStatus({ ...current, abortRequested: true }, status, now, settings),
    'abort requested',
  );
  nudge();
  return (await orderDetail(localId)) as OrderDetail;
}

/** Starts the cancellation of one merchant order of a placed order (one per request). */
export async function cancelOrder(
  localId: string,
  merchantOrderId: string,
  draftId: string,
): Promise<OrderDetail> {
  const order = await requireOrder(localId);
  await startCancellation(order, merchantOrderId, draftId);
  nudge();
  return (await orderDetail(localId)) as OrderDetail;
}
