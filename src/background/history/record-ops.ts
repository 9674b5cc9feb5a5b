import type { IDBPDatabase, IDBPTransaction } from 'idb';
import type { CancellationRecord, HistoryEvent, OrderRecord } from '../../shared/order-record.ts';
import { clock } from '../clock.ts';
import type { HistorySchema } from './db.ts';
import { redactSecrets } from './redact.ts';
import { addSchedule, withSchedule, writeOrder } from './schedules.ts';

// Orders and cancellations are kept alike, each change logged in the same transaction;
// these functions serve both. The store name is cast to one of them for idb's types:
// the records have the same shape where these functions touch them.

type HistoryDb = IDBPDatabase<HistorySchema>;
export type Change<T> = (current: T) => T | undefined;
type Records = { orders: OrderRecord; cancellations: CancellationRecord };
type RecordStore = keyof Records;

/** The order a record belongs to: itself, or the order a cancellation cancels. */
function orderOf(record: OrderRecord | CancellationRecord): string {
  return 'orderLocalId' in record ? record.orderLocalId : record.localId;
}

/** Writes made in the transaction that adds a record, whether or not it existed. */
export interface Along {
  stores: ('batches' | 'batchRows')[];
  writes: ((
    tx: IDBPTransaction<
      HistorySchema,
      ('orders' | 'events' | 'schedules' | 'batches' | 'batchRows')[],
      'readwrite'
    >,
  ) => Promise<unknown>)[];
}

export async function addRecord<S extends RecordStore>(
  db: HistoryDb,
  storeName: S,
  record: Records[S],
  note: string,
  along?: Along,
): Promise<{ record: Records[S]; created: boolean }> {
  const tx = db.transaction(
    [storeName as 'orders', 'events', 'schedules', ...(along?.stores ?? [])],
    'readwrite',
  );
  const writes: Promise<unknown>[] = [];
  const orders = storeName === 'orders';
  try {
    const store = tx.objectStore(storeName as 'orders');
    const schedules = tx.objectStore('schedules');
    const stored = await store.get(record.localId);
    const existing = (orders ? await withSchedule(schedules, stored) : stored) as
      | Records[S]
      | undefined;
    // What goes to disk: whatever a caller passes, nothing secret.
    const value = existing ?? redactSecrets(record);
    if (!existing) {
      writes.push(store.add(value as OrderRecord));
      if (orders) writes.push(addSchedule(schedules, value as OrderRecord));
      writes.push(
        tx
          .objectStore('events')
          .add(stateEvent(undefined, value, value.createdAt, note) as HistoryEvent),
      );
    }
    for (const write of along?.writes ?? []) writes.push(write(tx));
    await Promise.all([...writes, tx.done]);
    return { record: value, created: !existing };
  } catch (error) {
    // Whatever failed, nothing of this transaction stays: not the record without what
    // goes along with it, nor the reverse.
    for (const write of [...writes, tx.done]) write.catch(() => undefined);
    try {
      tx.abort();
    } catch {
      // It ended already (a failed request aborts it).
    }
    throw error;
  }
}

export async function updateRecord<S extends RecordStore>(
  db: HistoryDb,
  storeName: S,
  localId: string,
  change: Change<Records[S]>,
  note: string | undefined,
): Promise<{ before: Records[S]; after: Records[S] } | undefined> {
  const tx = db.transaction([storeName as 'orders', 'events', 'schedules'], 'readwrite');
  const store = tx.objectStore(storeName as 'orders');
  const schedules = tx.objectStore('schedules');
  const orders = storeName === 'orders';
  const stored = await store.get(localId);
  const before = (orders ? await withSchedule(schedules, stored) : stored) as
    | Records[S]
    | undefined;
  const changed = before ? change(before) : undefined;
  if (!before || !changed) {
    await tx.done;
    return undefined;
  }
  const now = clock.now();
  let after: Records[S];
  if (orders) {
    const written = writeOrder(
      { orders: store, schedules },
      before as OrderRecord,
      { ...(changed as OrderRecord), localId },
      now,
    );
    after = written.after as Records[S];
    await Promise.all(written.writes);
  } else {
    after = redactSecrets({ ...changed, localId, updatedAt: now });
    await store.put(after as OrderRecord);
  }
  const event = stateEvent(before, after, now, note);
  if (event) await tx.objectStore('events').add(event);
  await tx.done;
  return { before, after };
}

export async function dueRecords<S extends RecordStore>(
  db: HistoryDb,
  storeName: S,
  now: number,
  states: readonly string[],
  limit: number,
): Promise<Records[S][]> {
  // getAll given a count of 0 reads every due record, where none was asked for.
  if (!(limit >= 1)) return [];
  const due: Records[S][] = [];
  // Orders are due by their schedules (schedules.ts), cancellations by their own records.
  const orders = storeName === 'orders';
  const tx = db.transaction([storeName as 'orders', 'schedules']);
  const index = tx.objectStore(orders ? 'schedules' : ('cancellations' as 'schedules'));
  for (const state of states) {
    const range = IDBKeyRange.bound([state, Number.NEGATIVE_INFINITY], [state, now]);
    due.push(...((await index.index('state_nextAt').getAll(range, limit)) as Records[S][]));
  }
  const soonest = due.sort((a, b) => a.schedule.nextAt - b.schedule.nextAt).slice(0, limit);
  const records = orders
    ? await Promise.all(
        soonest.map(async ({ localId, schedule }) => {
          const order = await tx.objectStore('orders').get(localId);
          return order && { ...order, schedule };
        }),
      )
    : soonest;
  await tx.done;
  return records.filter((record) => record !== undefined) as Records[S][];
}

export async function countRecords(
  db: HistoryDb,
  storeName: RecordStore,
  states: readonly string[],
): Promise<number> {
  const counts = await Promise.all(
    states.map((state) => db.countFromIndex(storeName as 'orders', 'state', state)),
  );
  return counts.reduce((sum, count) => sum + count, 0);
}

/** The event for a record's change of state; none when its state stayed as it was. */
export function stateEvent(
  before: OrderRecord | CancellationRecord | undefined,
  after: OrderRecord | CancellationRecord,
  at: number,
  note: string | undefined,
): HistoryEvent | undefined {
  if (before?.state === after.state) return undefined;
  return {
    at,
    subject: 'orderLocalId' in after ? 'cancellation' : 'order',
    localId: after.localId,
    orderLocalId: orderOf(after),
    to: after.state,
    ...(before ? { from: before.state } : {}),
    ...(note ? { note } : {}),
  };
}
