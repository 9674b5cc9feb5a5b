/**
 * THE one write path of orders and cancellations: every caller hands it an event, the
 * order's life (./order-life) computes the change, it is written with its history event
 * in one transaction, then told to open pages, the user and the badge: exactly once,
 * whoever noticed it.
 */
import { publishChange } from '../../shared/change-feed.ts';
import { t } from '../../shared/i18n.ts';
import type { CancellationRecord, OrderRecord } from '../../shared/order-record.ts';
import { isCancellationDecided, isCancellationDone } from '../order-life/cancellation-phases.ts';
import {
  type CancellationEvent,
  changeCancellationRecord,
  type LifeContext,
  storedChange,
} from '../order-life/life-change.ts';
import { importedOrder } from '../order-life/new-order.ts';
import { changeOrderRecord, type OrderEvent } from '../order-life/order-changes.ts';
import { isInFlight, needsAttention } from '../order-life/phases.ts';
import type { ListedStatus } from '../order-life/service-body.ts';
import { keysOf } from '../order-life/service-body.ts';
import { refreshBadge } from '../telling/badge.ts';
import {
  announceCancellationChange,
  announceOrderAdded,
  announceOrderChange,
} from '../telling/notifier.ts';
import { history } from './connection.ts';
import type { Along } from './record-ops.ts';
import { sameData } from './same-data.ts';
import { announceSettled } from './settled-orders.ts';

/** Collects the orders a run of changes touched, so that pages get one notice for all. */
export class ChangeBatch {
  private readonly ids = new Set<string>();
  add(localId: string): void {
    this.ids.add(localId);
  }
  async publish(): Promise<void> {
    if (this.ids.size > 0) await publishChange(['orders'], [...this.ids]);
    this.ids.clear();
  }
}

export interface WriteContext extends LifeContext {
  /** Announce to pages at the end of a run instead of once per change. */
  batch?: ChangeBatch;
  /** A poll round's writer (round-writes.ts): status reads are queued to it, not written one by one. */
  writes?: { add(change: QueuedOrderChange): Promise<void> };
}

export type Written<T> = { before: T; after: T } | { refused: string } | { missing: true };

const orderInFlight = (order: OrderRecord | undefined) =>
  order !== undefined && isInFlight(order.state);
const cancellationInFlight = (cancellation: CancellationRecord) =>
  !isCancellationDecided(cancellation);
const attention = (order: OrderRecord | undefined) => order !== undefined && needsAttention(order);

/** An event's note in the history when the caller gives none: its name in words. */
const noteOf = (event: { type: string }) => event.type.replaceAll('_', ' ');

/** The order's life in a context, as the write path applies it. */
const orderIn = (ctx: LifeContext) => (current: OrderRecord, event: OrderEvent) =>
  changeOrderRecord(current, event, ctx);

/** Writes a new order; `along`: what is written in its transaction (a bulk row handed over). */
export async function addOrder(
  record: OrderRecord,
  note: string,
  along?: Along,
): Promise<{ record: OrderRecord; created: boolean }> {
  const result = await (await history()).addOrder(record, note, along);
  if (result.created) {
    await announceOrderAdded(result.record);
    if (orderInFlight(result.record) || needsAttention(result.record)) await refreshBadge();
    await publishChange(['orders'], [result.record.localId]);
  }
  return result;
}

export async function changeOrder(
  localId: string,
  event: OrderEvent,
  ctx: WriteContext,
  note?: string,
): Promise<Written<OrderRecord>> {
  let refused: string | undefined;
  const change = storedChange(orderIn(ctx), event, (refusal) => {
    refused = refusal;
  });
  const result = await (await history()).updateOrder(localId, change, note ?? noteOf(event));
  if (!result) return refused !== undefined ? { refused } : { missing: true };
  await told([result], ctx);
  return result;
}

/** One order's event to apply with others; `now` is when its step started. */
export interface QueuedOrderChange {
  localId: string;
  event: OrderEvent;
  note?: string;
  now: number;
}

/**
 * Applies many orders' events (a poll round's reads) as `changeOrder` does one, but in
 * ONE transaction and told once. Answers how many orders were written.
 */
export async function applyOrderChanges(
  changes: readonly QueuedOrderChange[],
  ctx: WriteContext,
): Promise<number> {
  const written = await (await history()).updateOrders(
    changes.map(({ localId, event, note, now }) => ({
      localId,
      change: storedChange(orderIn({ ...ctx, now }), event, () => undefined),
      note: note ?? noteOf(event),
    })),
  );
  await told(written, ctx, ctx.settings);
  return written.length;
}

/**
 * Tells what was written: the user (each order's notification), then once each the
 * badge, open pages and the listeners of orders that left flight (settled-orders.ts: a
 * bulk batch whose last order settled is finished). `settings`, when given, spares each
 * notification a read of its own.
 */
async function told(
  changes: readonly { before: OrderRecord | undefined; after: OrderRecord }[],
  ctx: WriteContext,
  settings?: LifeContext['settings'],
): Promise<void> {
  let badge = false;
  const settled: OrderRecord[] = [];
  const pages = ctx.batch ?? new ChangeBatch();
  for (const { before, after } of changes) {
    if (before) await announceOrderChange(before, after, settings);
    if (orderInFlight(before) !== orderInFlight(after) || attention(before) !== attention(after))
      badge = true;
    if (orderInFlight(before) && !orderInFlight(after)) settled.push(after);
    pages.add(after.localId);
  }
  if (badge) await refreshBadge();
  if (!ctx.batch) await pages.publish();
  await announceSettled(settled);
}

/** An order as the service's list shows it: the order it is about is updated, or imported once. */
export async function importListed(
  listed: ListedStatus,
  ctx: WriteContext,
): Promise<'imported' | 'updated' | 'unchanged' | { skipped: string }> {
  const keys = keysOf(listed.body);
  let skipped: string | undefined;
  const result = await (await history()).upsertOrder(
    {
      ...(keys.ref ? { localId: keys.ref } : {}),
      ...(keys.requestId ? { requestId: keys.requestId } : {}),
      merchantOrderIds: keys.merchantOrderIds,
    },
    (existing) => {
      if (!existing) {
        if (listed.body._type !== 'order_response' && !keys.requestId) {
          skipped = t('bg_syncSkipNotPlaced');
          return undefined;
        }
        const record = importedOrder(listed.body, listed.status, keys, ctx);
        if (!record) skipped = t('bg_syncSkipUnknown');
        return record;
      }
      const change = changeOrderRecord(
        existing,
        {
          type: 'status',
          status: listed.status,
          ...(keys.requestId ? { requestId: keys.requestId } : {}),
        },
        ctx,
      );
      if (!('record' in change)) return undefined;
      // An order that the service says a batch placed belongs to that batch here too.
      const changed =
        keys.batchId && !change.record.batchId
          ? { ...change.record, batchId: keys.batchId }
          : change.record;
      // A sync that brings nothing new leaves the record (and its cadence) as it was.
      const { schedule: _a, updatedAt: _b, ...incoming } = changed;
      const { schedule: _c, updatedAt: _d, ...current } = existing;
      return sameData(incoming, current) ? undefined : changed;
    },
    { created: 'imported from the service', updated: 'updated from the service' },
  );
  if (skipped !== undefined) return { skipped };
  if (!result) return 'unchanged';
  await told([result], ctx);
  return result.before ? 'updated' : 'imported';
}

export async function addCancellation(
  record: CancellationRecord,
): Promise<{ record: CancellationRecord; created: boolean }> {
  const result = await (await history()).addCancellation(record);
  if (result.created) {
    await refreshBadge();
    await publishChange(['orders'], [record.orderLocalId]);
  }
  return result;
}

/** Applies one event to a cancellation; a success is carried over to its order. */
export async function changeCancellation(
  localId: string,
  event: CancellationEvent,
  ctx: WriteContext,
  note?: string,
): Promise<Written<CancellationRecord>> {
  let refused: string | undefined;
  const life = (current: CancellationRecord, next: CancellationEvent) =>
    changeCancellationRecord(current, next, ctx);
  const change = storedChange(life, event, (refusal) => {
    refused = refusal;
  });
  const result = await (await history()).updateCancellation(localId, change, note ?? noteOf(event));
  if (!result) return refused !== undefined ? { refused } : { missing: true };
  const { before, after } = result;
  await announceCancellationChange(before, after);
  if (cancellationInFlight(before) !== cancellationInFlight(after)) await refreshBadge();
  if (isCancellationDone(after) && !isCancellationDone(before)) {
    await changeOrder(
      after.orderLocalId,
      { type: 'merchant_cancelled', merchantOrderId: after.merchantOrderId },
      ctx,
      `merchant order ${after.merchantOrderId} cancelled`,
    );
  } else if (ctx.batch) ctx.batch.add(after.orderLocalId);
  else await publishChange(['orders'], [after.orderLocalId]);
  return result;
}
