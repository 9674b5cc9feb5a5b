/**
 * A cancellation from the click to its outcome: recorded before anything is sent (one
 * draft id, one idempotency key), sent (and resent under the same key while its outcome
 * is unknown), then read until the retailer decides; each step ends in one event.
 */
import { ServiceError } from '../../api/errors.ts';
import type { CancellationRecord, OrderRecord } from '../../shared/order-record.ts';
import { addCancellation, changeCancellation, type WriteContext } from '../history/changes.ts';
import { history } from '../history/connection.ts';
import { isCancellationDecided } from '../order-life/cancellation-phases.ts';
import {
  type CancellationEvent,
  cancellationRefusal,
  newCancellation,
} from '../order-life/life-change.ts';
import { OrderLifeRefusal } from '../order-life/refusal.ts';
import type { Gate } from './service-gate.ts';
import { meaningOf, postFailed, readFailed } from './step-errors.ts';

/** Records a cancellation before sending it; a merchant order has one live cancellation. */
export async function startCancellation(
  order: OrderRecord,
  merchantOrderId: string,
  draftId: string,
  now: number,
): Promise<CancellationRecord> {
  const cancellations = await (await history()).cancellationsOf(order.localId);
  const refusal = cancellationRefusal(order, merchantOrderId, cancellations);
  if (refusal) throw new OrderLifeRefusal(refusal);
  const live = cancellations.find(
    (existing) => existing.merchantOrderId === merchantOrderId && !isCancellationDecided(existing),
  );
  if (live) return live;
  const { record } = await addCancellation(newCancellation(order, merchantOrderId, draftId, now));
  return record;
}

/** Sends an unconfirmed cancellation (same key every time), or reads a sent one. */
export async function advanceCancellation(
  gate: Gate,
  record: CancellationRecord,
  ctx: WriteContext,
): Promise<void> {
  let event: CancellationEvent;
  if (!record.requestId) {
    try {
      const { requestId } = await gate.client.cancelOrder(
        record.orderRequestId,
        { merchant_order_id: record.merchantOrderId },
        { idempotencyKey: record.idempotencyKey },
      );
      event = { type: 'accepted', requestId };
    } catch (error) {
      event = postFailed(meaningOf(error, ctx.now), true);
    }
  } else {
    try {
      event = { type: 'status', status: await gate.client.getCancellation(record.requestId) };
    } catch (error) {
      if (error instanceof ServiceError && error.code === 'invalid_request_id') {
        // The service does not know it (any more): the cancellation failed.
        const { code, serviceMessage: message, data } = error;
        const body = { _type: 'error', code, message } as const;
        event = { type: 'status', status: { state: 'failed', code, message, data, body } };
      } else event = readFailed(error, ctx.now);
    }
  }
  await changeCancellation(record.localId, event, ctx);
}
