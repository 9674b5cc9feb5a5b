/**
 * What the Bulk orders page shows of a batch: its progress counted from the orders'
 * own records in the history, and each order's live status.
 */
import type {
  BatchFilter,
  BatchOrderView,
  BatchSummary,
  BatchView,
} from '../../shared/bulk/types.ts';
import type { OrderRecord } from '../../shared/order-record.ts';
import { history } from '../history.ts';
import { bulkDb, ordersOf, type StoredBatch, type StoredOrder } from './bulk-db.ts';
import { type Bucket, bucketOf, emptyCounts, orderView } from './order-outcome.ts';

export interface ReadBatch {
  batch: StoredBatch;
  orders: StoredOrder[];
  /** The history's record of each order (same positions), once it was handed over. */
  records: (OrderRecord | undefined)[];
}

export async function readBatch(batchId: string): Promise<ReadBatch | undefined> {
  const db = await bulkDb();
  const batch = await db.get('batches', batchId);
  if (!batch) return undefined;
  const orders = await ordersOf(db, batchId);
  const store = await history();
  const records = await Promise.all(
    orders.map((order) => (order.status === 'handed' ? store.getOrder(order.localId) : undefined)),
  );
  return { batch, orders, records };
}

/** Orders that were fixed and placed again count through their new order only. */
const current = (order: StoredOrder) => order.retriedBy === undefined;

export function summaryOf({ batch, orders, records }: ReadBatch): BatchSummary {
  const counts = emptyCounts();
  let count = 0;
  orders.forEach((order, i) => {
    if (!current(order)) return;
    count += 1;
    counts[bucketOf(order, records[i])] += 1;
  });
  return {
    id: batch.id,
    name: batch.name,
    createdAt: batch.createdAt,
    updatedAt: batch.updatedAt,
    state: batch.state,
    ...(batch.pauseReason ? { pauseReason: batch.pauseReason } : {}),
    mode: batch.mode,
    orders: count,
    rows: batch.rowCount,
    counts,
  };
}

const FILTERS: Record<BatchFilter, (bucket: Bucket, order: StoredOrder) => boolean> = {
  all: () => true,
  problems: (_bucket, order) => order.status === 'refused',
  failed: (bucket, order) => current(order) && (bucket === 'failed' || bucket === 'cancelled'),
  active: (bucket) => bucket === 'waiting' || bucket === 'held' || bucket === 'sent',
};

export async function batchView(
  batchId: string,
  {
    offset = 0,
    limit = 200,
    filter = 'all',
  }: {
    offset?: number | undefined;
    limit?: number | undefined;
    filter?: BatchFilter | undefined;
  } = {},
): Promise<BatchView | null> {
  const read = await readBatch(batchId);
  if (!read) return null;
  const matching: BatchOrderView[] = [];
  let total = 0;
  read.orders.forEach((order, i) => {
    const record = read.records[i];
    if (!FILTERS[filter](bucketOf(order, record), order)) return;
    total += 1;
    if (total > offset && matching.length < limit) matching.push(orderView(order, record));
  });
  return { batch: summaryOf(read), orders: matching, total };
}

/** Every batch, newest first. */
export async function listBatches(): Promise<BatchSummary[]> {
  const db = await bulkDb();
  const batches = await db.getAllFromIndex('batches', 'createdAt');
  const summaries: BatchSummary[] = [];
  for (const batch of batches.reverse()) {
    const read = await readBatch(batch.id);
    if (read) summaries.push(summaryOf(read));
  }
  return summaries;
}
