/**
 * The bulk batches, in their own IndexedDB database (the history is another's): one
 * record per batch and one per order of a batch, each order with its local id (its
 * draft id for placement) fixed when the batch is recorded, before anything is sent.
 */
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { Column } from '../../shared/bulk/columns.ts';
import type { Sources } from '../../shared/bulk/sources.ts';
import type {
  BatchOrderStatus,
  BatchState,
  InputRow,
  RowProblem,
  SecretChoice,
} from '../../shared/bulk/types.ts';

export const BULK_DB_NAME = 'buyline-bulk';
const VERSION = 1;

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

export interface StoredOrder {
  batchId: string;
  index: number;
  key?: string;
  rows: number[];
  lines: InputRow[];
  /** The order's draft id: placement's key, so a row is never sent under a second one. */
  localId: string;
  status: BatchOrderStatus;
  problems?: RowProblem[];
  /** The checked request, without secrets (the vault adds them at placement). */
  request?: Record<string, unknown>;
  sources?: Sources;
  retryOf?: number;
  retriedBy?: number;
}

interface BulkSchema extends DBSchema {
  batches: { key: string; value: StoredBatch; indexes: { createdAt: number } };
  orders: {
    key: [string, number];
    value: StoredOrder;
    indexes: { localId: string };
  };
}

export type BulkDb = IDBPDatabase<BulkSchema>;

let opening: Promise<BulkDb> | undefined;

/** The worker's one connection to the bulk database, opened on first use. */
export function bulkDb(): Promise<BulkDb> {
  if (opening) return opening;
  const attempt = openDB<BulkSchema>(BULK_DB_NAME, VERSION, {
    upgrade(db) {
      const batches = db.createObjectStore('batches', { keyPath: 'id' });
      batches.createIndex('createdAt', 'createdAt');
      const orders = db.createObjectStore('orders', { keyPath: ['batchId', 'index'] });
      orders.createIndex('localId', 'localId', { unique: true });
    },
  });
  attempt.catch(() => {
    if (opening === attempt) opening = undefined;
  });
  opening = attempt;
  return attempt;
}

/** For tests and simulated worker stops: forget the connection. */
export function resetBulkConnection(): void {
  void opening?.then((db) => db.close()).catch(() => undefined);
  opening = undefined;
}

/** Every order of a batch, in index order. */
export async function ordersOf(db: BulkDb, batchId: string): Promise<StoredOrder[]> {
  return db.getAll('orders', IDBKeyRange.bound([batchId, 0], [batchId, Number.MAX_SAFE_INTEGER]));
}
