/**
 * What the Bulk orders page shows of a batch: its progress counted from the orders'
 * own records in the history, and each order's live status.
 */
import type {
  BatchCounts,
  BatchFilter,
  BatchOrderView,
  BatchStage,
  BatchState,
  BatchSummary,
  BatchView,
} from '../../shared/bulk/types.ts';
import type { OrderRecord } from '../../shared/order-record.ts';
import { history } from '../history.ts';
import { bulkDb, rowsOf, type StoredBatch, type StoredRow } from './batch-records.ts';
import { type Bucket, bucketOf, emptyCounts, orderView } from './order-outcome.ts';

export interface ReadBatch {
  batch: StoredBatch;
  orders: StoredRow[];
  /** The history's record of each order (same positions), once it was handed over. */
  records: (OrderRecord | undefined)[];
}

export async function readBatch(batchId: string): Promise<ReadBatch | undefined> {
  const db = await bulkDb();
  const batch = await db.get('batches', batchId);
  if (!batch) return undefined;
  const orders = await rowsOf(db, batchId);
  const store = await history();
  const records = await Promise.all(
    // A row refused by the check never reached placement; any other may have a record
    // (a row taken back whose undo lost the race with its hold's end was sent).
    orders.map((order) => (order.status === 'refused' ? undefined : store.getOrder(order.localId))),
  );
  return { batch, orders, records };
}

/** Orders that were fixed and placed again count through their new order only. */
const current = (order: StoredRow) => order.retriedBy === undefined;

export function summaryOf({ batch, orders, records }: ReadBatch): BatchSummary {
  const counts = emptyCounts();
  let count = 0;
  let sent = 0;
  orders.forEach((order, i) => {
    if (!current(order)) return;
    count += 1;
    const bucket = bucketOf(order, records[i]);
    counts[bucket] += 1;
    if (records[i] && bucket !== 'held') sent += 1;
  });
  const stage = stageOf(batch.state, counts);
  return {
    id: batch.id,
    name: batch.name,
    createdAt: batch.createdAt,
    updatedAt: batch.updatedAt,
    state: batch.state,
    stage,
    // A stopped batch whose sent orders are still being placed is under way too.
    current: stage !== 'finished' && (stage !== 'stopped' || counts.held + counts.sent > 0),
    can: actionsOf(batch.state, counts),
    ...(batch.pauseReason ? { pauseReason: batch.pauseReason } : {}),
    mode: batch.mode,
    orders: count,
    rows: batch.rowCount,
    counts,
    sent,
    notSent: count - sent,
  };
}

/**
 * Pause and "Cancel the rest" take back what was not sent: they apply while orders
 * wait or are held, even once everything was handed over.
 */
function actionsOf(state: BatchState, counts: BatchCounts): BatchSummary['can'] {
  const held = state === 'done' && counts.held > 0;
  return {
    pause: state === 'running' || held,
    resume: state === 'paused',
    cancelRest: state === 'running' || state === 'paused' || held,
  };
}

/** A batch that handed everything over is finished only once every order is final. */
function stageOf(state: BatchState, counts: BatchCounts): BatchStage {
  if (state === 'running') return 'placing';
  if (state === 'paused') return 'paused';
  if (state === 'stopped') return 'stopped';
  return counts.waiting + counts.held + counts.sent > 0 ? 'finishing' : 'finished';
}

const FILTERS: Record<BatchFilter, (bucket: Bucket, order: StoredRow) => boolean> = {
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
