/**
 * The buyer's Pause, Resume and "Cancel the rest" of a batch. Taking held orders back is
 * decided in ONE IndexedDB transaction with the batch, its rows and their orders: the
 * order's hold ending (held → sending, the write a send waits for) is a transaction on the
 * same order, so the two are one after the other. An order still held when the buyer's
 * transaction reads it is removed there and never sent; one whose hold ended first is on
 * its way, its row is left handed over, and the page shows it as sent.
 */
import type { BatchSummary } from '../../shared/bulk/types.ts';
import { publishChange } from '../../shared/change-feed.ts';
import type { OrderRecord } from '../../shared/order-record.ts';
import { clock } from '../clock.ts';
import {
  RECORD_STORES,
  type RecordsTx,
  removeOrderIn,
  withSchedules,
} from '../history/order-writes.ts';
import type { StoredBatch, StoredRow } from '../history/stored-batches.ts';
import {
  type BatchEvent,
  batchTransition,
  isBatchHandedAll,
  isRowHanded,
  isRowRefused,
  rowTransition,
} from '../order-life/bulk-life.ts';
import { orderAnswers } from '../order-life/order-answers.ts';
import { changeOrderRecord } from '../order-life/order-changes.ts';
import { dropPendingBody } from '../placing/pending-bodies.ts';
import { readSettings } from '../settings-store.ts';
import { refreshBadge } from '../telling/badge.ts';
import { announceOrderRemoved } from '../telling/notifier.ts';
import { clearBatchPaused, noteIfBatchFinished } from './batch-notices.ts';
import { BatchNotFoundError, historyDb, mustReadBatch, withBatch } from './batch-records.ts';
import { pumpBatch } from './batch-runner.ts';
import { summaryOf } from './batch-view.ts';

/** The batch, its rows and their orders, as one transaction reads them. */
interface ControlRead {
  batch: StoredBatch;
  orders: StoredRow[];
  records: (OrderRecord | undefined)[];
}

/**
 * What a control does to the batch it read: it changes `read.batch` and answers the rows
 * it changed. Rows among `held` (their order may still be undone) that it changed are
 * taken back: their orders are removed in the same transaction.
 */
type ControlEdit = (read: ControlRead, held: StoredRow[]) => StoredRow[];

/** The buyer's event on the batch, by its table; false when it does not apply. */
function apply(batch: StoredBatch, event: BatchEvent): boolean {
  const to = batchTransition(batch.state, event);
  if (!to) return false;
  batch.state = to;
  delete batch.pauseReason;
  return true;
}

/**
 * Runs `edit` in one transaction over the batch, its rows and the orders' records, and
 * writes what it changed there, the orders taken back removed with it. Answers the
 * orders removed. Nothing but IndexedDB requests is awaited inside: it stays one.
 */
async function controlInOneTransaction(
  batchId: string,
  now: number,
  edit: ControlEdit,
): Promise<OrderRecord[]> {
  const ctx = { now, settings: await readSettings() };
  const db = await historyDb();
  const tx = db.transaction([...RECORD_STORES, 'batchRows', 'batches'], 'readwrite') as RecordsTx;
  const batch = await tx.objectStore('batches').get(batchId);
  if (!batch) {
    await tx.done;
    throw new BatchNotFoundError();
  }
  const range = IDBKeyRange.bound([batchId, 0], [batchId, Number.MAX_SAFE_INTEGER]);
  const orders = await tx.objectStore('batchRows').getAll(range);
  const schedules = tx.objectStore('schedules');
  const records = await withSchedules(
    schedules,
    await Promise.all(
      orders.map((row) =>
        isRowRefused(row) ? undefined : tx.objectStore('orders').get(row.localId),
      ),
    ),
  );
  // Held: the order's own answer says it can still be undone (nothing was sent).
  const held = orders.filter((_row, i) => {
    const record = records[i];
    return record !== undefined && orderAnswers(record).actions.undo;
  });
  const before = batch.state;
  const changed = edit({ batch, orders, records }, held);
  const removed: OrderRecord[] = [];
  if (before !== batch.state || changed.length > 0) {
    for (const row of changed.filter((row) => held.includes(row))) {
      const undo = (current: OrderRecord) =>
        'removed' in changeOrderRecord(current, { type: 'undo' }, ctx);
      const gone = await removeOrderIn(tx, row.localId, undo);
      if (gone) removed.push(gone);
    }
    batch.updatedAt = now;
    for (const row of changed) await tx.objectStore('batchRows').put(row);
    await tx.objectStore('batches').put(batch);
  }
  await tx.done;
  return removed;
}

/** Runs a control under the batch's lock, then tells the buyer and pages what it did. */
async function control(batchId: string, now: number, edit: ControlEdit): Promise<void> {
  const removed = await withBatch(batchId, () => controlInOneTransaction(batchId, now, edit));
  for (const order of removed) {
    await dropPendingBody(order.localId);
    await announceOrderRemoved(order);
  }
  if (removed.length > 0) {
    await refreshBadge();
    await publishChange(
      ['orders'],
      removed.map((order) => order.localId),
    );
  }
  await publishChange(['bulk']);
}

/**
 * Hands nothing more over and takes back every order still held, to wait for Resume;
 * what was sent goes on. A batch that handed everything over pauses only while some are held.
 */
const pauseEdit: ControlEdit = ({ batch }, held) => {
  if ((isBatchHandedAll(batch.state) && held.length === 0) || !apply(batch, 'pause')) return [];
  for (const row of held) {
    row.status = rowTransition(row.status, 'take_back') ?? row.status;
    batch.nextIndex = Math.min(batch.nextIndex, row.index);
  }
  return held;
};

export async function pauseBatch(batchId: string, now = clock.now()): Promise<BatchSummary> {
  await control(batchId, now, pauseEdit);
  return summaryOf(await mustReadBatch(batchId));
}

export async function resumeBatch(batchId: string, now = clock.now()): Promise<BatchSummary> {
  await control(batchId, now, ({ batch }) => {
    apply(batch, 'resume');
    return [];
  });
  // Whatever paused it, the buyer has dealt with it: its notice is over.
  await clearBatchPaused(batchId);
  // The next orders are handed over at once, as at the start.
  await pumpBatch(batchId);
  return summaryOf(await mustReadBatch(batchId));
}

/**
 * Cancels every order not sent: rows not handed over, and held ones (taken back, as Undo
 * does). An order past its hold whose row still waits (the worker stopped before noting
 * it) is noted as handed over, since it is on its way.
 */
const cancelRestEdit: ControlEdit = ({ batch, orders, records }, held) => {
  const rows = orders.filter((row, i) => {
    const taken = records[i] === undefined || held.includes(row);
    const to = rowTransition(row.status, taken ? 'cancel' : 'hand_over');
    if (!to || (isRowHanded(row) && !taken)) return false;
    row.status = to;
    return true;
  });
  // A batch that had handed everything over stays done unless rows were cancelled.
  if (!isBatchHandedAll(batch.state) || rows.length > 0) apply(batch, 'cancel_rest');
  batch.nextIndex = batch.orderCount;
  return rows;
};

export async function cancelRest(batchId: string, now = clock.now()): Promise<BatchSummary> {
  await control(batchId, now, cancelRestEdit);
  // What was handed over may all have settled already: then the batch is over now.
  await noteIfBatchFinished(batchId);
  return summaryOf(await mustReadBatch(batchId));
}
