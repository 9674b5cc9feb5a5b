/**
 * Placed orders awaiting tracking, read together through the service's list over their
 * time range: 10,000 of them cost about 100 requests instead of 10,000. An order the
 * list did not show is read by its own GET, or without a request id waits a round.
 */
import { t } from '../../shared/i18n.ts';
import type { OrderRecord } from '../../shared/order-record.ts';
import { ChangeBatch, type WriteContext } from '../history/changes.ts';
import { keysOf } from '../order-life/service-body.ts';
import { CLOCK_SKEW_MS, readOrder } from './order-steps.ts';
import { writeRead } from './round-writes.ts';
import type { Gate } from './service-gate.ts';
import { meaningOf } from './step-errors.ts';

const PAGE = 100;
const DAY = 86_400_000;

/**
 * The earliest time the service may have listed this order under (its own clock); an
 * imported order is dated by its placement, maybe hours later (a managed queue).
 */
function earliest(order: OrderRecord): number {
  return order.createdAt - (order.source === 'sync' ? DAY : CLOCK_SKEW_MS);
}

export async function watchTracking(
  gate: Gate,
  due: OrderRecord[],
  ctx: WriteContext,
): Promise<void> {
  if (due.length === 0) return;
  const batch = ctx.batch ?? new ChangeBatch();
  const write: WriteContext = { ...ctx, batch };
  const waiting = new Map(due.map((order) => [order.localId, order]));
  const byRequestId = new Map<string, OrderRecord>();
  const byKey = new Map<string, OrderRecord>();
  const byMerchantOrder = new Map<string, OrderRecord>();
  for (const order of due) {
    if (order.requestId) byRequestId.set(order.requestId, order);
    if (order.idempotencyKey) byKey.set(order.idempotencyKey, order);
    for (const id of order.merchantOrderIds) byMerchantOrder.set(id, order);
  }
  const from = Math.max(
    0,
    due.reduce((low, order) => Math.min(low, earliest(order)), Infinity),
  );
  const to = due.reduce((high, order) => Math.max(high, order.createdAt), 0) + CLOCK_SKEW_MS;
  // Other orders share the range; a bounded number of extra pages, then own GETs.
  const maxPages = Math.ceil(due.length / PAGE) + 10;
  try {
    for (let page = 0; page < maxPages && waiting.size > 0; page++) {
      const listed = await gate.client.listOrders({
        limit: PAGE,
        skip: page * PAGE,
        starting_after: from,
        ending_before: to,
      });
      for (const entry of listed) {
        if (!entry.readable) continue;
        const keys = keysOf(entry.body);
        const order =
          (keys.ref ? waiting.get(keys.ref) : undefined) ??
          (keys.requestId ? byRequestId.get(keys.requestId) : undefined) ??
          (keys.idempotencyKey ? byKey.get(keys.idempotencyKey) : undefined) ??
          keys.merchantOrderIds.map((id) => byMerchantOrder.get(id)).find(Boolean);
        if (!order || !waiting.has(order.localId)) continue;
        waiting.delete(order.localId);
        await writeRead(
          order.localId,
          { type: 'status', status: entry.status },
          write,
          'tracking checked in the list',
        );
      }
      if (listed.length < PAGE) break;
    }
  } catch (error) {
    const meaning = meaningOf(error, ctx.now);
    if (meaning.kind === 'trouble') {
      for (const order of waiting.values())
        await writeRead(order.localId, { type: 'waited', ...meaning }, write);
      if (!ctx.batch) await batch.publish();
      return;
    }
  }
  for (const order of waiting.values()) {
    if (order.requestId) await readOrder(gate, order, write);
    else
      await writeRead(
        order.localId,
        {
          type: 'waited',
          trouble: 'failed_read',
          error: t('bg_notListedThisTime'),
          // Not a failure to hurry back for: at the tracking cadence again.
          retryAfterMs: ctx.settings.polling.trackingMinutes * 60_000,
        },
        write,
      );
  }
  if (!ctx.batch) await batch.publish();
}
