/**
 * Runs a batch: hands its orders to placement a few at a time within the one scheduler's
 * rounds (no loop, timer or alarm of its own), and the buyer's pause, resume and cancel
 * the rest, each under the batch's lock. Draft ids are fixed when the batch is recorded,
 * placement makes one order of one draft id, and an order, its row and the cursor are
 * written in one transaction: a worker stopped anywhere resumes where it was, and no row
 * is ever sent under a second key.
 */

import type { BatchSummary } from '../../shared/bulk/types.ts';
import { publishChange } from '../../shared/change-feed.ts';
import { t } from '../../shared/i18n.ts';
import type { PlaceResult } from '../../shared/protocol.ts';
import { clock } from '../clock.ts';
import { history } from '../history/connection.ts';
import type { StoredBatch, StoredRow } from '../history/stored-batches.ts';
import { AWAITING_ACCEPTANCE } from '../order-life/order-phase.ts';
import { undoOrders } from '../placing/order-undo.ts';
import { dropPendingBody } from '../placing/pending-bodies.ts';
import { placeOrder } from '../placing/placement.ts';
import { nudge } from '../rounds/scheduler.ts';
import { readSettings } from '../settings-store.ts';
import { VaultError } from '../vault/vault-errors.ts';
import { type BatchEvent, batchTransition, rowTransition } from './batch-life.ts';
import { announceBatchPaused, clearBatchPaused, noteIfBatchFinished } from './batch-notices.ts';
import {
  bulkDb,
  mustReadBatch,
  type ReadBatch,
  rowsAlong,
  saveRows,
  withBatch,
} from './batch-records.ts';
import { summaryOf } from './batch-view.ts';
import { rowProblems } from './check-orders.ts';

/**
 * Orders of one batch handed over and not yet accepted, at most. Rounds take longer as
 * more orders are followed: 100 keeps 1,000 rows within the bench's minute.
 */
export const DEFAULT_CONCURRENCY = 100;

/**
 * Places `row`, writing `rows` and `batch` in the transaction that adds its order. An
 * order there already (a row taken back whose undo lost the race with its hold's end)
 * leaves them to write now.
 */
export async function placeRow(
  batch: StoredBatch,
  row: StoredRow,
  rows: StoredRow[],
): Promise<PlaceResult> {
  const result = await placeOrder(row.localId, row.request ?? {}, {
    secrets: batch.mode === 'own' ? batch.secrets : undefined,
    batchId: batch.id,
    along: rowsAlong(batch, rows),
  });
  if (result.placed && result.duplicate) await saveRows(await bulkDb(), batch, rows);
  return result;
}

/**
 * Hands one row over. The order, the row and the batch with `moved` (its cursor) are
 * written in ONE transaction: never an order whose row still waits, nor a row handed over
 * without its order. A vault that cannot give the secrets pauses the batch, moving nothing.
 */
async function handOver(
  batch: StoredBatch,
  row: StoredRow,
  moved: Partial<StoredBatch>,
): Promise<'handed' | 'refused' | 'paused'> {
  const db = await bulkDb();
  const handed = { ...row, status: rowTransition(row.status, 'hand_over') ?? row.status };
  let result: PlaceResult;
  try {
    result = await placeRow({ ...batch, ...moved }, handed, [handed]);
  } catch (error) {
    if (!(error instanceof VaultError)) throw error;
    batch.state = batchTransition(batch.state, 'vault_trouble') ?? batch.state;
    batch.pauseReason = t(error.locked ? 'bulk_pausedVaultLocked' : 'bulk_pausedVaultItemGone');
    await db.put('batches', batch);
    // Only the buyer can get it going again: they are told (once per pause).
    await announceBatchPaused(batch);
    return 'paused';
  }
  Object.assign(batch, moved);
  if (result.placed) {
    Object.assign(row, handed);
    return 'handed';
  }
  row.status = rowTransition(row.status, 'refuse') ?? row.status;
  row.problems = rowProblems(result.problems, row);
  await saveRows(db, batch, [row]);
  return 'refused';
}

/**
 * One step of a batch: hand over waiting orders while fewer than its concurrency wait to
 * be accepted. Whether a batch that handed its last one over is over is checked after.
 */
export async function pumpBatch(batchId: string, now = clock.now()): Promise<void> {
  const handedAll = await withBatch(batchId, async () => {
    const db = await bulkDb();
    const batch = await db.get('batches', batchId);
    if (batch?.state !== 'running') return false;
    const before = `${batch.state} ${batch.nextIndex}`;
    let waiting = await (await history()).countBatchOrders(batchId, AWAITING_ACCEPTANCE);
    let handed = 0;
    while (batch.state === 'running' && waiting < batch.concurrency) {
      if (batch.nextIndex >= batch.orderCount) {
        batch.state = batchTransition(batch.state, 'handed_all') ?? batch.state;
        break;
      }
      const row = await db.get('batchRows', [batchId, batch.nextIndex]);
      const moved = { nextIndex: batch.nextIndex + 1, updatedAt: now };
      // A row not waiting (refused by its check, cancelled) is passed over.
      if (row?.status !== 'waiting') Object.assign(batch, moved);
      else if ((await handOver(batch, row, moved)) === 'handed') {
        handed += 1;
        waiting += 1;
      }
    }
    if (`${batch.state} ${batch.nextIndex}` !== before) {
      batch.updatedAt = now;
      await db.put('batches', batch);
      await publishChange(['bulk']);
    }
    if (handed > 0) nudge();
    return batch.state === 'done';
  });
  if (handedAll) await noteIfBatchFinished(batchId);
}

/** Steps every running batch once, each round; a failed step is retried by the next. */
export async function advanceBatches(now = clock.now()): Promise<void> {
  const batches = await (await bulkDb()).getAll('batches');
  for (const batch of batches) {
    if (batch.state !== 'running') continue;
    try {
      await pumpBatch(batch.id, now);
    } catch (error) {
      console.error('Buyline: a bulk batch could not go on', error);
    }
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

/**
 * Runs `edit` on the batch under its lock and writes what it changed; then, once the lock
 * is let go (an undo may end the batch, which takes the lock), undoes the orders taken
 * back in one write, so none waits behind the others while its hold runs out. A row whose
 * undo loses that race is read from its record: sent, and shown as sent.
 */
async function control(
  batchId: string,
  now: number,
  edit: (read: ReadBatch, held: StoredRow[]) => StoredRow[],
): Promise<void> {
  const undo = await withBatch(batchId, async () => {
    const read = await mustReadBatch(batchId);
    const { batch } = read;
    const before = batch.state;
    const held = read.orders.filter((_row, i) => read.records[i]?.state === 'held');
    const rows = edit(read, held);
    if (before === batch.state && rows.length === 0) return [];
    batch.updatedAt = now;
    await saveRows(await bulkDb(), batch, rows);
    await publishChange(['bulk']);
    return rows.filter((row) => held.includes(row)).map((row) => row.localId);
  });
  if (undo.length > 0) {
    const removed = await undoOrders(undo, { now, settings: await readSettings() });
    for (const order of removed) await dropPendingBody(order.localId);
  }
}

/**
 * Hands nothing more over and takes back every order still held, to wait for Resume;
 * what was sent goes on. A batch that handed everything over pauses only while some are held.
 */
export async function pauseBatch(batchId: string, now = clock.now()): Promise<BatchSummary> {
  await control(batchId, now, ({ batch }, held) => {
    if ((batch.state === 'done' && held.length === 0) || !apply(batch, 'pause')) return [];
    for (const row of held) {
      row.status = rowTransition(row.status, 'take_back') ?? row.status;
      batch.nextIndex = Math.min(batch.nextIndex, row.index);
    }
    return held;
  });
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
export async function cancelRest(batchId: string, now = clock.now()): Promise<BatchSummary> {
  await control(batchId, now, ({ batch, orders, records }) => {
    const rows = orders.filter((row, i) => {
      const state = records[i]?.state;
      const event = state === undefined || state === 'held' ? 'cancel' : 'hand_over';
      const to = rowTransition(row.status, event);
      if (!to || (row.status === 'handed' && state !== 'held')) return false;
      row.status = to;
      return true;
    });
    // A batch that had handed everything over stays done unless rows were cancelled.
    if (batch.state !== 'done' || rows.length > 0) apply(batch, 'cancel_rest');
    batch.nextIndex = batch.orderCount;
    return rows;
  });
  // What was handed over may all have settled already: then the batch is over now.
  await noteIfBatchFinished(batchId);
  return summaryOf(await mustReadBatch(batchId));
}
