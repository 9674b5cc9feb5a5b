/**
 * What the buyer is shown of a batch, read from its orders' own records in the history
 * (the one source of truth): its progress, each order's outcome, and the results as CSV.
 */
import { csvText } from '../../shared/bulk/csv-write.ts';
import type { ExportReply } from '../../shared/bulk/messages.ts';
import type {
  BatchCounts,
  BatchOrderView,
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
import {
  BUCKET_WORDS,
  batchActions,
  batchStage,
  isCurrentRow,
  isRowHanded,
  progressLines,
  type RowBucket,
  rowBucket,
  rowLife,
  rowShown,
  stageWords,
  unsettledCount,
} from '../order-life/bulk-life.ts';
import { historyDb, mustReadBatch, type ReadBatch, readBatch } from './batch-records.ts';

/** A row as the page shows it; `batchState`: the state of its batch (a paused row waits for Resume). */
export function rowView(
  order: StoredRow,
  record: OrderRecord | undefined,
  batchState: BatchState = 'running',
): BatchOrderView {
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
    life: rowLife(order, record, batchState),
  };
}

export function summaryOf({ batch, orders, records }: ReadBatch): BatchSummary {
  const counts: BatchCounts = { waiting: 0, held: 0, sent: 0, placed: 0, failed: 0, cancelled: 0 };
  let count = 0;
  let sent = 0;
  orders.forEach((order, i) => {
    if (!isCurrentRow(order)) return;
    count += 1;
    const bucket = rowBucket(order, records[i]);
    counts[bucket] += 1;
    if (records[i] && bucket !== 'held') sent += 1;
  });
  const stage = batchStage(batch.state, counts);
  return {
    id: batch.id,
    name: batch.name,
    createdAt: batch.createdAt,
    updatedAt: batch.updatedAt,
    state: batch.state,
    stage,
    words: { stage: stageWords(stage), progress: progressLines(batch.state, counts, count, sent) },
    tally: (Object.keys(BUCKET_WORDS) as RowBucket[]).map((bucket) => ({
      bucket,
      label: t(BUCKET_WORDS[bucket]),
      count: counts[bucket],
    })),
    // A stopped batch whose sent orders are still being placed is under way too; a batch
    // no longer current is over.
    current: stage !== 'finished' && (stage !== 'stopped' || unsettledCount(counts) > 0),
    can: batchActions(batch.state, counts),
    ...(batch.pauseReason ? { pauseReason: batch.pauseReason } : {}),
    mode: batch.mode,
    orders: count,
    rows: batch.rowCount,
    counts,
    sent,
    notSent: count - sent,
  };
}

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
    if (!rowShown(filter, order, record)) return;
    total += 1;
    if (total > offset && matching.length < limit)
      matching.push(rowView(order, record, read.batch.state));
  });
  return { batch: summaryOf(read), orders: matching, total };
}

/** Every batch, newest first. */
export async function listBatches(): Promise<BatchSummary[]> {
  const batches = await (await historyDb()).getAllFromIndex('batches', 'createdAt');
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
    if (!isCurrentRow(order)) return [];
    const record = records[i];
    const view = rowView(order, record, batch.state);
    const outcome = [
      isRowHanded(order) ? (record?.state ?? 'undone') : order.status,
      view.requestId ?? '',
      view.merchantOrderIds.join(' '),
      view.tracking.join('; '),
      // A row never sent says why in the same words as the page.
      view.life.problem ?? (view.life.bucket === 'cancelled' ? view.life.detail : '') ?? '',
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
