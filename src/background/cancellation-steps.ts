/**
 * A cancellation from the click to its outcome: recorded before anything is sent (one
 * draft id, one cancellation, one idempotency key), sent (and resent under the same
 * key while its outcome is unknown), then read until the retailer decides. Each step
 * ends in one event for the write path, which carries a success over to the order.
 */
import { ServiceError } from '../api/errors.ts';
import type { CancellationRecord, OrderRecord } from '../shared/order-record.ts';
import { addCancellation, changeCancellation, type WriteContext } from './changes.ts';
import { history } from './history.ts';
import {
  type CancellationEvent,
  cancellationRefusal,
  newCancellation,
} from './order-life/cancellation-changes.ts';
import { OrderLifeRefusal } from './order-life/refusal.ts';
import type { Gate } from './service-gate.ts';
import { meaningOf, readFailed } from './step-errors.ts';

/** Records a cancellation before sending it; a merchant order has one live cancellation. */
export async function startCancellation(
  order: OrderRecord,
  merchantOrderId: string,
  draftId: string,
  now: number,
): Promise<CancellationRecord> {
  const refusal = cancellationRefusal(order, merchantOrderId);
  if (refusal) throw new OrderLifeRefusal(refusal);
  const live = (await (await history()).cancellationsOf(order.localId)).find(
    (existing) => existing.merchantOrderId === merchantOrderId && existing.state !== 'failed',
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
      const meaning = meaningOf(error, ctx.now);
      if (meaning.kind === 'unknown') event = { type: 'post_unknown', error: meaning.error };
      else if (meaning.kind === 'refused')
        event = { type: 'post_refused', failure: meaning.failure };
      else if (meaning.kind === 'trouble') event = { type: 'waited', ...meaning };
      else event = { type: 'post_already_exists', requestId: meaning.requestId };
    }
  } else {
    try {
      event = { type: 'status', status: await gate.client.getCancellation(record.requestId) };
    } catch (error) {
      if (error instanceof ServiceError && error.code === 'invalid_request_id') {
        event = {
          type: 'status',
          status: {
            state: 'failed',
            code: error.code,
            message: error.serviceMessage,
            data: error.data,
            body: { _type: 'error', code: error.code, message: error.serviceMessage },
          },
        };
      } else event = readFailed(error, ctx.now);
    }
  }
  await changeCancellation(record.localId, event, ctx);
}
