/**
 * An order's schedule (when its next step is due, and how many it had) lives in a store
 * of its own, keyed by the order's local id and indexed by state and next step time. A
 * status read that brings nothing new, most of a poll round's reads, moves only the
 * schedule: the round rewrites a small record with one index, not the whole order with
 * its dozen. The `schedule` inside a stored order is the one of its last real change
 * and is never trusted: every read of an order takes the schedule from this store.
 */
import type { IDBPObjectStore, StoreNames } from 'idb';
import type { OrderRecord } from '../../shared/order-record.ts';
import type { HistorySchema, OrderSchedule } from './db.ts';
import { redactSecrets } from './redact.ts';
import { sameData } from './same-data.ts';

type Mode = 'readonly' | 'readwrite' | 'versionchange';
type Store<N extends 'orders' | 'schedules', M extends Mode> = IDBPObjectStore<
  HistorySchema,
  ArrayLike<StoreNames<HistorySchema>>,
  N,
  M
>;

const entryOf = ({ localId, state, schedule }: OrderRecord): OrderSchedule => ({
  localId,
  state,
  schedule,
});

/** The order with its schedule as this store holds it (its own, for a record without one). */
export async function withSchedule(
  schedules: Store<'schedules', Mode>,
  order: OrderRecord | undefined,
): Promise<OrderRecord | undefined> {
  if (!order) return undefined;
  const entry = await schedules.get(order.localId);
  return entry ? { ...order, schedule: entry.schedule } : order;
}

/** The same for many orders, all read at once. */
export function withSchedules(
  schedules: Store<'schedules', Mode>,
  orders: readonly OrderRecord[],
): Promise<OrderRecord[]> {
  return Promise.all(
    orders.map(async (order) => (await withSchedule(schedules, order)) as OrderRecord),
  );
}

/**
 * Writes an order's change, made from `before` (undefined for a new order): only its
 * schedule when nothing else moved, else the whole redacted record and its schedule.
 * Answers the order as it now reads, and the write requests (for the caller to await
 * with its transaction).
 */
export function writeOrder(
  stores: { orders: Store<'orders', 'readwrite'>; schedules: Store<'schedules', 'readwrite'> },
  before: OrderRecord | undefined,
  changed: OrderRecord,
  now: number,
): { after: OrderRecord; writes: Promise<unknown>[] } {
  if (before && onlyScheduleMoved(before, changed)) {
    const after = { ...before, schedule: changed.schedule };
    return { after, writes: [stores.schedules.put(entryOf(after))] };
  }
  const after = redactSecrets({ ...changed, updatedAt: now });
  const put = before ? stores.orders.put(after) : stores.orders.add(after);
  return { after, writes: [put, stores.schedules.put(entryOf(after))] };
}

/** Adds a new order's schedule beside it. */
export function addSchedule(
  schedules: Store<'schedules', 'readwrite'>,
  order: OrderRecord,
): Promise<unknown> {
  return schedules.put(entryOf(order));
}

function onlyScheduleMoved(before: OrderRecord, changed: OrderRecord): boolean {
  const { schedule: _a, updatedAt: _b, ...kept } = before;
  const { schedule: _c, updatedAt: _d, ...next } = changed;
  return sameData(kept, next);
}
