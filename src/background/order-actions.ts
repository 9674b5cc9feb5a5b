/**
 * What the user can do to an order from a page: look at it, refresh it now, abort it
 * while it is being placed, cancel a merchant order once placed, undo it while held.
 * Each goes through the order's life (a refusal is told in a sentence) and, when it
 * needs the service, through the gate: during a 429 hold nothing is sent and the user
 * is told so (RateLimitHoldError, kind `rate_limited`).
 */

import { t } from '../shared/i18n.ts';
import type { OrderRecord } from '../shared/order-record.ts';
import type { OrderDetail } from '../shared/protocol.ts';
import { joinSentences } from '../shared/sentences.ts';
import { advanceCancellation, startCancellation } from './cancellation-steps.ts';
import { changeOrder, undoOrder } from './changes.ts';
import { clock } from './clock.ts';
import { history } from './history.ts';
import { OrderNotFoundError } from './not-found.ts';
import { changeOrderRecord } from './order-life/order-changes.ts';
import { OrderLifeRefusal } from './order-life/refusal.ts';
import { readOrder, sendIfWaitingForToken } from './order-steps.ts';
import { dropPendingBody } from './pending-bodies.ts';
import { nudge } from './scheduler.ts';
import { openGate } from './service-gate.ts';
import { readSettings } from './settings-store.ts';
import { meaningOf } from './step-errors.ts';

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
    if (cancellation.state !== 'cancelled' && cancellation.state !== 'failed')
      await advanceCancellation(gate, cancellation, ctx);
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
  const gate = await openGate();
  try {
    const status = await gate.client.abortOrder(order.requestId as string);
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
): Promise<{ undone: boolean; order: OrderRecord | null }> {
  const result = await undoOrder(localId, { now, settings: await readSettings() });
  if ('removed' in result) {
    await dropPendingBody(localId);
    return { undone: true, order: null };
  }
  return { undone: false, order: (await (await history()).getOrder(localId)) ?? null };
}
