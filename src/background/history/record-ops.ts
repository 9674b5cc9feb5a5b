import type { IDBPDatabase, IDBPTransaction, StoreNames } from 'idb';
import type { CancellationRecord, HistoryEvent, OrderRecord } from '../../shared/order-record.ts';
import type { HistorySchema } from './db.ts';
import { entryOf, withSchedules } from './order-writes.ts';
import { redactSecrets } from './redact.ts';
import { wordsRow } from './search-words.ts';
import { stateEvent } from './state-event.ts';

// Orders and cancellations are kept alike. The store name is cast to one of them for
// idb's types: the records have the same shape where these functions touch them.

type HistoryDb = IDBPDatabase<HistorySchema>;
type Records = { orders: OrderRecord; cancellations: CancellationRecord };
type RecordStore = keyof Records;

/** Writes made in the transaction that adds a record, whether or not it existed. */
export interface Along {
  stores: ('batches' | 'batchRows')[];
  writes: ((
    tx: IDBPTransaction<HistorySchema, StoreNames<HistorySchema>[], 'readwrite'>,
  ) => Promise<unknown>)[];
}

/** Adds a record, redacted, with its event (and an order's schedule); answers one that exists. */
export async function addRecord<S extends RecordStore>(
  db: HistoryDb,
  storeName: S,
  record: Records[S],
  note: string,
  along?: Along,
): Promise<{ record: Records[S]; created: boolean }> {
  const tx = db.transaction(
    [storeName as 'orders', 'events', 'schedules', 'words', ...(along?.stores ?? [])],
    'readwrite',
  );
  const writes: Promise<unknown>[] = [];
  const orders = storeName === 'orders';
  try {
    const store = tx.objectStore(storeName as 'orders');
    const schedules = tx.objectStore('schedules');
    const stored = await store.get(record.localId);
    const existing = (orders ? (await withSchedules(schedules, [stored]))[0] : stored) as
      | Records[S]
      | undefined;
    const value = existing ?? redactSecrets(record);
    if (!existing) {
      writes.push(store.add(value as OrderRecord));
      if (orders) {
        writes.push(schedules.put(entryOf(value as OrderRecord)));
        writes.push(tx.objectStore('words').put(wordsRow(value as OrderRecord)));
      }
      const event = stateEvent(undefined, value, value.createdAt, note) as HistoryEvent;
      writes.push(tx.objectStore('events').add(event));
    }
    for (const write of along?.writes ?? []) writes.push(write(tx));
    await Promise.all([...writes, tx.done]);
    return { record: value, created: !existing };
  } catch (error) {
    // Whatever failed, nothing of this transaction stays.
    for (const write of [...writes, tx.done]) write.catch(() => undefined);
    try {
      tx.abort();
    } catch {
      // It ended already (a failed request aborts it).
    }
    throw error;
  }
}

/** Records in these states whose next step is due, soonest first, at most `limit`. */
export async function dueRecords<S extends RecordStore>(
  db: HistoryDb,
  storeName: S,
  now: number,
  states: readonly string[],
  limit: number,
): Promise<Records[S][]> {
  // getAll given a count of 0 reads every due record, where none was asked for.
  if (!(limit >= 1)) return [];
  // Orders are due by their schedules (order-writes.ts), cancellations by their own records.
  const orders = storeName === 'orders';
  const tx = db.transaction([storeName as 'orders', 'schedules']);
  const index = tx.objectStore(orders ? 'schedules' : (storeName as 'schedules'));
  const due = await Promise.all(
    states.map((state) =>
      index
        .index('state_nextAt')
        .getAll(IDBKeyRange.bound([state, Number.NEGATIVE_INFINITY], [state, now]), limit),
    ),
  );
  const soonest = due
    .flat()
    .sort((a, b) => a.schedule.nextAt - b.schedule.nextAt)
    .slice(0, limit);
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
