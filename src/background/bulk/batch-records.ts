/**
 * The bulk batches and their rows, kept in the history database beside the orders the
 * rows become (stores `batches` and `batchRows`, history/db.ts): handing a row over
 * writes its order, its state and the batch's cursor in one transaction. Each row has
 * its local id (its draft id for placement) fixed when the batch is recorded, before
 * anything is sent.
 */
import { deleteDB, type IDBPDatabase, openDB } from 'idb';
import { browser } from '../../shared/browser.ts';
import type { Column } from '../../shared/bulk/columns.ts';
import type { Sources } from '../../shared/bulk/sources.ts';
import type {
  BatchOrderStatus,
  BatchState,
  InputRow,
  RowProblem,
  SecretChoice,
} from '../../shared/bulk/types.ts';
import type { HistorySchema } from '../history/db.ts';
import { history } from '../history.ts';

export interface StoredBatch {
  id: string;
  name: string;
  createdAt: number;
  updatedAt: number;
  state: BatchState;
  pauseReason?: string;
  mode: 'own' | 'managed';
  /** Vault item ids (never the secrets) for own-account batches. */
  secrets?: SecretChoice;
  /** The file's columns, in its order, for the results export. */
  columns: Column[];
  orderCount: number;
  rowCount: number;
  /** Orders below this index were all handed over, refused or cancelled. */
  nextIndex: number;
  /** At most this many orders of the batch wait to be accepted at once. */
  concurrency: number;
  /**
   * `orderCount` when the batch's end was told (batch-notices.ts): told once, and once
   * more only after an order fixed and placed again joined it.
   */
  finishNoted?: number;
}

/** One order of a batch: one row of the file, or the rows of one order_key. */
export interface StoredRow {
  batchId: string;
  index: number;
  key?: string;
  rows: number[];
  lines: InputRow[];
  /** The order's draft id: placement's key, so a row is never sent under a second one. */
  localId: string;
  status: BatchOrderStatus;
  problems?: RowProblem[];
  /** The order's draft, without secrets (placement builds and checks the request). */
  request?: Record<string, unknown>;
  sources?: Sources;
  retryOf?: number;
  retriedBy?: number;
}

export type BulkDb = IDBPDatabase<HistorySchema>;

/** The database batches lived in before they joined the history, and its alarm. */
const OLD_DB = 'buyline-bulk';
const OLD_ALARM = 'buyline-bulk';

/** The history database, where batches and their rows live beside their orders. */
export async function bulkDb(): Promise<BulkDb> {
  return (await history()).db;
}

/**
 * At an update from an older version (the only time its database can exist): the
 * batches and rows of the old `buyline-bulk` database are copied in one transaction
 * (puts, so a copy cut short is simply made again at the next update), then it is
 * deleted; and its alarm, which nothing answers any more, is cleared. Not at every
 * wake: a worker's first round is not held up by a move made once.
 */
export async function moveOldBatches(): Promise<void> {
  const db = await bulkDb();
  await browser.alarms.clear(OLD_ALARM);
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
  const stores = [...old.objectStoreNames];
  const [batches, rows] = stores.includes('orders')
    ? await Promise.all([old.getAll('batches'), old.getAll('orders')])
    : [[], []];
  old.close();
  const tx = db.transaction(['batches', 'batchRows'], 'readwrite');
  await Promise.all([
    ...batches.map((batch) => tx.objectStore('batches').put(batch as StoredBatch)),
    ...rows.map((row) => tx.objectStore('batchRows').put(row as StoredRow)),
    tx.done,
  ]);
  await deleteDB(OLD_DB);
}

/** Every row of a batch, in index order. */
export async function rowsOf(db: BulkDb, batchId: string): Promise<StoredRow[]> {
  return db.getAll(
    'batchRows',
    IDBKeyRange.bound([batchId, 0], [batchId, Number.MAX_SAFE_INTEGER]),
  );
}
