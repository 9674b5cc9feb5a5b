/**
 * The bulk batches and their rows, kept in the history database beside the orders the
 * rows become (history/db.ts): handing a row over writes its order, its state and the
 * batch's cursor in one transaction.
 */

import { deleteDB, type IDBPDatabase, openDB } from 'idb';
import { browser } from '../../shared/browser.ts';
import { t } from '../../shared/i18n.ts';
import { history } from '../history/connection.ts';
import type { HistorySchema } from '../history/db.ts';
import type { Along } from '../history/record-ops.ts';
import type { StoredBatch, StoredRow } from '../history/stored-batches.ts';
import { isRowRefused } from '../order-life/bulk-life.ts';
import { NotFoundError } from '../pages/user-errors.ts';

export type BulkDb = IDBPDatabase<HistorySchema>;

export class BatchNotFoundError extends NotFoundError {
  constructor() {
    super(t('bulk_batchGone'));
  }
}

/** The history database, where batches and their rows live beside their orders. */
export async function historyDb(): Promise<BulkDb> {
  return (await history()).db;
}

const locks = new Map<string, Promise<unknown>>();

/**
 * One change of a batch at a time within this worker (the only one running). A task under
 * the lock never waits for anything that takes it: handing an order over only adds it to
 * the history, which never checks whether a batch finished, so no step can deadlock.
 */
export function withBatch<T>(batchId: string, task: () => Promise<T>): Promise<T> {
  const run = (locks.get(batchId) ?? Promise.resolve()).then(task, task);
  const settled = run.catch(() => undefined);
  locks.set(batchId, settled);
  void settled.then(() => {
    if (locks.get(batchId) === settled) locks.delete(batchId);
  });
  return run;
}

/** The database batches lived in before they joined the history, and its alarm's name. */
const OLD_DB = 'buyline-bulk';

/**
 * At an update (the only time the old database can exist): its batches and rows are put
 * in one transaction (a copy cut short is made again), then it and its alarm go.
 */
export async function moveOldBatches(): Promise<void> {
  const db = await historyDb();
  await browser.alarms.clear(OLD_DB);
  // Where there is no such database, its creation is undone: opening makes none.
  const old = await openDB(OLD_DB, undefined, {
    upgrade(_db, _from, _to, tx) {
      tx.done.catch(() => undefined);
      tx.abort();
    },
  }).catch((error: unknown) => {
    if ((error as Error | undefined)?.name === 'AbortError') return undefined;
    throw error;
  });
  if (!old) return;
  const [batches, rows] = old.objectStoreNames.contains('orders')
    ? await Promise.all([old.getAll('batches'), old.getAll('orders')])
    : [[], []];
  old.close();
  await saveRows(db, batches as StoredBatch[], rows as StoredRow[]);
  await deleteDB(OLD_DB);
}

/** A batch, its rows in index order, and each row's order record (same positions). */
export type ReadBatch = NonNullable<Awaited<ReturnType<typeof readBatch>>>;

export async function readBatch(batchId: string) {
  const db = await historyDb();
  const batch = await db.get('batches', batchId);
  if (!batch) return undefined;
  const range = IDBKeyRange.bound([batchId, 0], [batchId, Number.MAX_SAFE_INTEGER]);
  const orders = await db.getAll('batchRows', range);
  const store = await history();
  const records = await Promise.all(
    // A row refused by the check never reached placement; any other may have a record
    // (a row taken back whose undo lost the race with its hold's end was sent).
    orders.map((order) => (isRowRefused(order) ? undefined : store.getOrder(order.localId))),
  );
  return { batch, orders, records };
}

export async function mustReadBatch(batchId: string): Promise<ReadBatch> {
  const read = await readBatch(batchId);
  if (!read) throw new BatchNotFoundError();
  return read;
}

type Tx = Parameters<Along['writes'][number]>[0];

/** Rows and their batch, written in the transaction that adds a row's order (placement). */
export function rowsAlong(batch: StoredBatch, rows: StoredRow[]): Along {
  return {
    stores: ['batchRows', 'batches'],
    writes: [
      ...rows.map((row) => (tx: Tx) => tx.objectStore('batchRows').put(row)),
      (tx: Tx) => tx.objectStore('batches').put(batch),
    ],
  };
}

/** Writes rows and their batches in one transaction: the cursor and the rows never disagree. */
export async function saveRows(
  db: BulkDb,
  batches: StoredBatch | StoredBatch[],
  rows: StoredRow[],
): Promise<void> {
  const tx = db.transaction(['batchRows', 'batches'], 'readwrite');
  await Promise.all([
    ...rows.map((row) => tx.objectStore('batchRows').put(row)),
    ...[batches].flat().map((batch) => tx.objectStore('batches').put(batch)),
    tx.done,
  ]);
}
