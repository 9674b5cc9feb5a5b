/**
 * An order's schedule lives in a store of its own, indexed by state and next step time:
 * a status read that brings nothing new, most of a poll round's, then rewrites a small
 * record with one index, not the order with its dozen. The `schedule` inside a stored
 * order is never trusted: every read of an order takes it from that store.
 */
import type { IDBPDatabase, IDBPTransaction, StoreNames } from 'idb';
import type { OrderRecord } from '../../shared/order-record.ts';
import { clock } from '../clock.ts';
import type { HistorySchema, OrderSchedule } from './db.ts';
import { redactSecrets } from './redact.ts';
import { sameData } from './same-data.ts';
import { sameWords, wordsRow } from './search-words.ts';
import { type Change, stateEvent } from './state-event.ts';

/** A read-write transaction over an order's stores, and the stores. */
export function orderStores(db: IDBPDatabase<HistorySchema>) {
  const tx = db.transaction(['orders', 'events', 'schedules', 'words'], 'readwrite');
  const stores = {
    orders: tx.objectStore('orders'),
    schedules: tx.objectStore('schedules'),
    events: tx.objectStore('events'),
    words: tx.objectStore('words'),
  };
  return { tx, stores };
}

type OrderStores = ReturnType<typeof orderStores>['stores'];
/** The schedules store of any transaction, read-only or not. */
type Schedules = Pick<OrderStores['schedules'], 'get'>;

export const entryOf = ({ localId, state, schedule }: OrderRecord): OrderSchedule => ({
  localId,
  state,
  schedule,
});

/** Orders with their schedules as this store holds them (their own, for one without). */
export function withSchedules<T extends OrderRecord | undefined>(
  schedules: Schedules,
  orders: readonly T[],
): Promise<T[]> {
  return Promise.all(
    orders.map(async (order) => {
      const entry = order && (await schedules.get(order.localId));
      return entry ? { ...order, schedule: entry.schedule } : order;
    }),
  );
}

/**
 * Writes an order's change from `before` (undefined for a new order), and its event when
 * the state moved: only its schedule when nothing else did, else the redacted record
 * too, under its stored local id, and its words when they changed. Answers the order
 * as it now reads, and the requests.
 */
export function writeOrder(
  stores: OrderStores,
  before: OrderRecord | undefined,
  changed: OrderRecord,
  now: number,
  note: string | undefined,
): { after: OrderRecord; writes: Promise<unknown>[] } {
  const next = before ? { ...changed, localId: before.localId } : changed;
  const writes: Promise<unknown>[] = [];
  let after: OrderRecord;
  if (before && onlyScheduleMoved(before, next)) after = { ...before, schedule: next.schedule };
  else {
    after = redactSecrets({ ...next, updatedAt: now });
    writes.push(before ? stores.orders.put(after) : stores.orders.add(after));
    // Its words only when they changed: most changes are of state alone.
    if (!before || !sameWords(before, after)) {
      if (before && before.createdAt !== after.createdAt)
        writes.push(stores.words.delete([before.createdAt, before.localId]));
      writes.push(stores.words.put(wordsRow(after)));
    }
  }
  writes.push(stores.schedules.put(entryOf(after)));
  const event = stateEvent(before, after, now, note);
  if (event) writes.push(stores.events.add(event));
  return { after, writes };
}

function onlyScheduleMoved(before: OrderRecord, changed: OrderRecord): boolean {
  const { schedule: _a, updatedAt: _b, ...kept } = before;
  const { schedule: _c, updatedAt: _d, ...next } = changed;
  return sameData(kept, next);
}

/** One order's change in a batch: applied to the record as stored when the batch is written. */
export interface BatchedChange {
  localId: string;
  change: Change<OrderRecord>;
  note?: string;
}

/** What a batch wrote, in the order of its changes; missing or unchanged records are left out. */
export type BatchWritten = { before: OrderRecord; after: OrderRecord }[];

/**
 * Writes many orders' changes, each as `updateOrder` does, in ONE transaction: all or
 * none. Each change sees the record as stored inside the transaction (or as an earlier
 * change of the batch left it). A change that throws is left out and logged.
 */
export async function updateOrdersAtOnce(
  db: IDBPDatabase<HistorySchema>,
  changes: readonly BatchedChange[],
): Promise<BatchWritten> {
  if (changes.length === 0) return [];
  const { tx, stores } = orderStores(db);
  // Every read is asked for at once: the transaction serves them in one pass.
  const ids = [...new Set(changes.map(({ localId }) => localId))];
  const read = await withSchedules(
    stores.schedules,
    await Promise.all(ids.map((localId) => stores.orders.get(localId))),
  );
  const latest = new Map(ids.map((localId, at) => [localId, read[at]]));
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
      const { after, writes } = writeOrder(stores, before, changed, now, note);
      requests.push(...writes);
      latest.set(localId, after);
      written.push({ before, after });
    }
  } catch (error) {
    // A record that cannot even be asked to be stored undoes the whole batch.
    for (const request of [...requests, tx.done]) request.catch(() => undefined);
    tx.abort();
    throw error;
  }
  await Promise.all([...requests, tx.done]);
  return written;
}

/** The stores an order's records live in (the bulk batches' are their own). */
export const RECORD_STORES = ['orders', 'schedules', 'words', 'cancellations', 'events'] as const;

/** A read-write transaction over at least the record stores (and, for a batch, its own). */
export type RecordsTx = IDBPTransaction<HistorySchema, StoreNames<HistorySchema>[], 'readwrite'>;

/**
 * Removes an order and all its records inside `tx`, when `when` says so of it as it is
 * stored now; answers it, or undefined. Taken in the transaction of whoever decides, so
 * what decides and what a send checks (the order's state) are read at one moment.
 */
export async function removeOrderIn(
  tx: RecordsTx,
  localId: string,
  when: (current: OrderRecord) => boolean,
): Promise<OrderRecord | undefined> {
  const order = await tx.objectStore('orders').get(localId);
  const [current] = await withSchedules(tx.objectStore('schedules'), [order]);
  if (!current || !when(current)) return undefined;
  await tx.objectStore('orders').delete(localId);
  await tx.objectStore('schedules').delete(localId);
  await tx.objectStore('words').delete([current.createdAt, localId]);
  for (const store of ['cancellations', 'events'] as const)
    for (const key of await tx.objectStore(store).index('orderLocalId').getAllKeys(localId))
      await tx.objectStore(store).delete(key);
  return current;
}
