/**
 * What the buyer is shown of a batch, read from its orders' own records in the history
 * (the one source of truth): its progress, each order's outcome, and the results as CSV.
 */
import { csvText } from '../../shared/bulk/csv-write.ts';
import type { ExportReply } from '../../shared/bulk/messages.ts';
import { problemText } from '../../shared/bulk/sources.ts';
import type {
  BatchCounts,
  BatchFilter,
  BatchOrderView,
  BatchStage,
  BatchState,
  BatchSummary,
  BatchView,
} from '../../shared/bulk/types.ts';
import { t } from '../../shared/i18n.ts';
import type { OrderRecord } from '../../shared/order-record.ts';
import { readOrderResponse } from '../../shared/order-response-reader.ts';
import type { Payload } from '../../shared/protocol.ts';
import { clock } from '../clock.ts';
import type { StoredRow } from '../history/stored-batches.ts';
import { orderPhase } from '../order-life/order-phase.ts';
import { type BatchEvent, batchTransition } from './batch-life.ts';
import { bulkDb, mustReadBatch, type ReadBatch, readBatch } from './batch-records.ts';

type Bucket = keyof BatchCounts;

/**
 * Which count an order adds to: its record's, whenever there is one (a row taken back
 * whose undo lost the race with its hold's end was sent); without one, the row's mark.
 */
export function bucketOf(order: StoredRow, record: OrderRecord | undefined): Bucket {
  if (record) return orderPhase(record.state);
  if (order.status === 'waiting') return 'waiting';
  if (order.status === 'refused') return 'failed';
  // Cancelled with the rest, or handed over and then undone while held: never sent.
  return 'cancelled';
}

/** Orders handed over or to be, not yet final. */
const UNSETTLED: readonly Bucket[] = ['waiting', 'held', 'sent'];
const unsettled = (counts: BatchCounts) => UNSETTLED.reduce((sum, key) => sum + counts[key], 0);

/** Why an order of a batch did not go through, in words. */
export function failureText(order: StoredRow, record: OrderRecord | undefined): string | undefined {
  if (order.status === 'refused')
    return (order.problems ?? []).map(problemText).join(' ') || t('bulk_refusedByCheck');
  if (!record && order.status === 'cancelled') return t('bulk_cancelledBeforeSent');
  if (!record && order.status === 'handed') return t('bulk_undoneBeforeSent');
  const failure = record?.state === 'failed' ? record.failure : undefined;
  if (!failure) return undefined;
  return `${failure.title} ${failure.fix}`.trim() || failure.code;
}

/** Whether an order failed in a way the user can fix and place again. */
export function canRetry(order: StoredRow, record: OrderRecord | undefined): boolean {
  if (order.retriedBy !== undefined) return false;
  return order.status === 'refused' || record?.state === 'failed';
}

export function orderView(order: StoredRow, record: OrderRecord | undefined): BatchOrderView {
  const failure = failureText(order, record);
  const tracking = readOrderResponse(record?.response).tracking.flatMap(
    ({ carrier, trackingNumber: number }) =>
      number === undefined ? [] : [carrier ? `${carrier} ${number}` : number],
  );
  const { batchId: _batchId, request: _request, sources: _sources, problems, ...row } = order;
  return {
    ...row,
    ...(problems && problems.length > 0 ? { problems } : {}),
    ...(record ? { state: record.state } : {}),
    ...(record?.requestId ? { requestId: record.requestId } : {}),
    merchantOrderIds: record?.merchantOrderIds ?? [],
    tracking,
    ...(failure ? { failure } : {}),
    fixable: canRetry(order, record),
  };
}

/** Orders that were fixed and placed again count through their new order only. */
const current = (order: StoredRow) => order.retriedBy === undefined;

const STAGES: Record<Exclude<BatchState, 'done'>, BatchStage> = {
  running: 'placing',
  paused: 'paused',
  stopped: 'stopped',
};

export function summaryOf({ batch, orders, records }: ReadBatch): BatchSummary {
  const counts: BatchCounts = { waiting: 0, held: 0, sent: 0, placed: 0, failed: 0, cancelled: 0 };
  let count = 0;
  let sent = 0;
  orders.forEach((order, i) => {
    if (!current(order)) return;
    count += 1;
    const bucket = bucketOf(order, records[i]);
    counts[bucket] += 1;
    if (records[i] && bucket !== 'held') sent += 1;
  });
  // A batch that handed everything over is finished only once every order is final.
  const done = unsettled(counts) > 0 ? 'finishing' : 'finished';
  const stage = batch.state === 'done' ? done : STAGES[batch.state];
  return {
    id: batch.id,
    name: batch.name,
    createdAt: batch.createdAt,
    updatedAt: batch.updatedAt,
    state: batch.state,
    stage,
    // A stopped batch whose sent orders are still being placed is under way too; a batch
    // no longer current is over.
    current: stage !== 'finished' && (stage !== 'stopped' || unsettled(counts) > 0),
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
 * What the batch table allows. Pause and "Cancel the rest" take back what was not sent,
 * so once everything was handed over they apply only while orders are held.
 */
function actionsOf(state: BatchState, counts: BatchCounts): BatchSummary['can'] {
  const can = (event: BatchEvent) =>
    batchTransition(state, event) !== undefined && (state !== 'done' || counts.held > 0);
  return { pause: can('pause'), resume: can('resume'), cancelRest: can('cancel_rest') };
}

const FILTERS: Record<BatchFilter, (bucket: Bucket, order: StoredRow) => boolean> = {
  all: () => true,
  problems: (_bucket, order) => order.status === 'refused',
  failed: (bucket, order) => current(order) && (bucket === 'failed' || bucket === 'cancelled'),
  active: (bucket) => UNSETTLED.includes(bucket),
};

export async function batchView(
  batchId: string,
  { offset = 0, limit = 200, filter = 'all' }: Omit<Payload<'bulk.get'>, 'batchId'> = {},
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
  const batches = await (await bulkDb()).getAllFromIndex('batches', 'createdAt');
  const reads = await Promise.all(batches.reverse().map((batch) => readBatch(batch.id)));
  return reads.flatMap((read) => (read ? [summaryOf(read)] : []));
}

const OUTCOME_COLUMNS = ['order_state', 'request_id', 'merchant_order_ids', 'tracking', 'failure'];

/**
 * The results as CSV, for the user's store: every input row as it was read, then what
 * became of its order. Rows of an order fixed and placed again show the new order.
 */
export async function exportBatch(batchId: string, now = clock.now()): Promise<ExportReply> {
  const { batch, orders, records } = await mustReadBatch(batchId);
  const lines = orders.flatMap((order, i) => {
    if (!current(order)) return [];
    const record = records[i];
    const view = orderView(order, record);
    const outcome = [
      order.status === 'handed' ? (record?.state ?? 'undone') : order.status,
      view.requestId ?? '',
      view.merchantOrderIds.join(' '),
      view.tracking.join('; '),
      view.failure ?? '',
    ];
    return order.lines.map(({ row, cells }) => ({
      row,
      cells: [...batch.columns.map((column) => cells[column] ?? ''), ...outcome],
    }));
  });
  lines.sort((a, b) => a.row - b.row);
  const base = batch.name.replace(/\.[a-z0-9]{1,5}$/i, '').replace(/[^\w.-]+/g, '-') || 'batch';
  return {
    filename: `${base}-results-${new Date(now).toISOString().slice(0, 10)}.csv`,
    mime: 'text/csv',
    content: csvText([[...batch.columns, ...OUTCOME_COLUMNS], ...lines.map((line) => line.cells)]),
  };
}
