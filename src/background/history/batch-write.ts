import type { IDBPDatabase } from 'idb';
import type { OrderRecord } from '../../shared/order-record.ts';
import { clock } from '../clock.ts';
import type { HistorySchema } from './db.ts';
import { type Change, stateEvent } from './record-ops.ts';
import { withSchedules, writeOrder } from './schedules.ts';

/** One order's change in a batch: applied to the record as stored when the batch is written. */
export interface BatchedChange {
  localId: string;
  change: Change<OrderRecord>;
  note?: string;
}

/** What a batch wrote, in the order of its changes; missing or unchanged records are left out. */
export type BatchWritten = { before: OrderRecord; after: OrderRecord }[];

/**
 * Writes many orders' changes, each with its event when the state moved, in ONE
 * transaction: all of them or, whatever stops the worker, none. Each change sees the
 * record as stored inside the transaction (a write made meanwhile by another caller is
 * never overwritten with an older copy). A change that throws is left out and logged,
 * so one bad record cannot keep the others from being written.
 */
export async function updateOrdersAtOnce(
  db: IDBPDatabase<HistorySchema>,
  changes: readonly BatchedChange[],
): Promise<BatchWritten> {
  if (changes.length === 0) return [];
  const tx = db.transaction(['orders', 'events', 'schedules'], 'readwrite');
  const stores = { orders: tx.objectStore('orders'), schedules: tx.objectStore('schedules') };
  const events = tx.objectStore('events');
  // Every read is asked for at once: the transaction serves them in one pass. A later
  // change of the same order in this batch starts from the earlier one's result.
  const ids = [...new Set(changes.map(({ localId }) => localId))];
  const found = await Promise.all(ids.map((localId) => stores.orders.get(localId)));
  const read = await withSchedules(
    stores.schedules,
    found.filter((order) => order !== undefined),
  );
  const latest = new Map<string, OrderRecord | undefined>(
    read.map((order) => [order.localId, order]),
  );
  const written: BatchWritten = [];
  const requests: Promise<unknown>[] = [];
  try {
    const now = clock.now();
    for (const { localId, change, note } of changes) {
      const before = latest.get(localId);
      if (!before) continue;
      let changed: OrderRecord | undefined;
      try {
        changed = change(before);
      } catch (error) {
        console.error('Buyline: an order’s change could not be computed', localId, error);
        continue;
      }
      if (!changed) continue;
      const { after, writes } = writeOrder(stores, before, { ...changed, localId }, now);
      requests.push(...writes);
      const event = stateEvent(before, after, now, note);
      if (event) requests.push(events.add(event));
      latest.set(localId, after);
      written.push({ before, after });
    }
  } catch (error) {
    // A record that cannot be stored (thrown before its request is even made) must not
    // leave the others committed: the whole batch is undone.
    for (const request of [...requests, tx.done]) request.catch(() => undefined);
    tx.abort();
    throw error;
  }
  await Promise.all([...requests, tx.done]);
  return written;
}
