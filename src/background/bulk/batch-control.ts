/**
 * The user's hands on a running batch: pause, resume, and cancel the rest. Each runs
 * under the batch's lock, so it never races the step that hands orders over.
 */

import type { BatchSummary } from '../../shared/bulk/types.ts';
import { publishChange } from '../../shared/change-feed.ts';
import { t } from '../../shared/i18n.ts';
import { clock } from '../clock.ts';
import { history } from '../history.ts';
import { NotFoundError } from '../not-found.ts';
import { undoOrders } from '../order-undo.ts';
import { dropPendingBody } from '../pending-bodies.ts';
import { readSettings } from '../settings-store.ts';
import { type BatchEvent, batchTransition, rowTransition } from './batch-life.ts';
import { withBatch } from './batch-lock.ts';
import { clearBatchPaused, noteIfBatchFinished } from './batch-notices.ts';
import { type BulkDb, bulkDb, rowsOf, type StoredBatch, type StoredRow } from './batch-records.ts';
import { saveRows } from './batch-runner.ts';
import { readBatch, summaryOf } from './batch-view.ts';

export class BatchNotFoundError extends NotFoundError {
  constructor() {
    super(t('bulk_batchGone'));
  }
}

/** The buyer's event on the batch, by its table; false when it does not apply. */
function apply(batch: StoredBatch, event: BatchEvent): boolean {
  const to = batchTransition(batch.state, event);
  if (!to) return false;
  batch.state = to;
  delete batch.pauseReason;
  return true;
}

/** The batch's rows that reached placement or may, each with its order's state if any. */
async function withRecords(db: BulkDb, batchId: string) {
  const store = await history();
  const rows = (await rowsOf(db, batchId)).filter((row) => row.status !== 'refused');
  const records = await Promise.all(rows.map((row) => store.getOrder(row.localId)));
  return rows.map((row, i) => ({ row, state: records[i]?.state }));
}

/**
 * Undoes the orders taken back, once the batch's lock is let go (an undo may end the
 * batch, which takes the lock), all in one write, so none waits behind the others while
 * its hold runs out. Each row was marked first, so a row whose undo loses the race with
 * its hold's end is read from its record: sent, and shown as sent; and handing it over
 * again gives back that same order (one draft id, one order).
 */
async function undoTakenBack(localIds: string[], now: number): Promise<void> {
  if (localIds.length === 0) return;
  const removed = await undoOrders(localIds, { now, settings: await readSettings() });
  for (const order of removed) await dropPendingBody(order.localId);
}

/** Runs `edit` on the batch under its lock, writes what it changed, then undoes. */
async function control(
  batchId: string,
  now: number,
  edit: (batch: StoredBatch, db: BulkDb) => Promise<{ rows: StoredRow[]; undo: string[] }>,
): Promise<BatchSummary> {
  const undo = await withBatch(batchId, async () => {
    const db = await bulkDb();
    const batch = await db.get('batches', batchId);
    if (!batch) throw new BatchNotFoundError();
    const before = batch.state;
    const changed = await edit(batch, db);
    if (before === batch.state && changed.rows.length === 0) return [];
    batch.updatedAt = now;
    await saveRows(db, batch, changed.rows);
    await publishChange(['bulk']);
    return changed.undo;
  });
  await undoTakenBack(undo, now);
  const read = await readBatch(batchId);
  if (!read) throw new BatchNotFoundError();
  return summaryOf(read);
}

/**
 * Hands nothing more over and takes back every order still held: those rows wait for
 * Resume, never sent. What was sent goes on. A batch that handed everything over is
 * paused only while orders are held.
 */
export function pauseBatch(batchId: string, now = clock.now()): Promise<BatchSummary> {
  return control(batchId, now, async (batch, db) => {
    const held = (await withRecords(db, batchId))
      .filter(({ state }) => state === 'held')
      .map(({ row }) => row);
    if (batch.state === 'done' && held.length === 0) return { rows: [], undo: [] };
    if (!apply(batch, 'pause')) return { rows: [], undo: [] };
    for (const row of held) {
      row.status = rowTransition(row.status, 'take_back') ?? row.status;
      batch.nextIndex = Math.min(batch.nextIndex, row.index);
    }
    return { rows: held, undo: held.map((row) => row.localId) };
  });
}

export async function resumeBatch(batchId: string, now = clock.now()): Promise<BatchSummary> {
  const summary = await control(batchId, now, async (batch) => {
    apply(batch, 'resume');
    return { rows: [], undo: [] };
  });
  // Whatever paused it, the buyer has dealt with it: its notice is over.
  await clearBatchPaused(batchId);
  return summary;
}

/**
 * Cancels every order not sent: rows not handed over, and rows still in the hold
 * before sending (taken back, as Undo does). An order placement already has past its
 * hold (the worker stopped after handing it over, before noting so) is noted as
 * handed over, since it is on its way.
 */
export async function cancelRest(batchId: string, now = clock.now()): Promise<BatchSummary> {
  const summary = await control(batchId, now, async (batch, db) => {
    const rows: StoredRow[] = [];
    const undo: string[] = [];
    for (const { row, state } of await withRecords(db, batchId)) {
      const event = state === undefined || state === 'held' ? 'cancel' : 'hand_over';
      const to = rowTransition(row.status, event);
      if (!to || (row.status === 'handed' && state !== 'held')) continue;
      row.status = to;
      rows.push(row);
      if (state === 'held') undo.push(row.localId);
    }
    // A batch that had handed everything over stays done unless rows were cancelled.
    if (batch.state !== 'done' || rows.length > 0) apply(batch, 'cancel_rest');
    batch.nextIndex = batch.orderCount;
    return { rows, undo };
  });
  // What was handed over may all have settled already: then the batch is over now.
  await noteIfBatchFinished(batchId);
  return summary;
}
