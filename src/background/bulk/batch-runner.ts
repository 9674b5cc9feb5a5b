/**
 * Runs a batch: hands its orders to placement a few at a time within the one scheduler's
 * rounds (no loop, timer or alarm of its own), under the batch's lock (the buyer's
 * pause, resume and cancel the rest are batch-controls.ts). Draft ids are fixed when the batch is recorded,
 * placement makes one order of one draft id, and an order, its row and the cursor are
 * written in one transaction: a worker stopped anywhere resumes where it was, and no row
 * is ever sent under a second key.
 */

import { publishChange } from '../../shared/change-feed.ts';
import { t } from '../../shared/i18n.ts';
import type { PlaceResult } from '../../shared/protocol.ts';
import { clock } from '../clock.ts';
import { history } from '../history/connection.ts';
import type { StoredBatch, StoredRow } from '../history/stored-batches.ts';
import {
  batchTransition,
  isBatchHandedAll,
  isBatchRunning,
  isRowWaiting,
  rowTransition,
} from '../order-life/bulk-life.ts';
import { AWAITING_ACCEPTANCE } from '../order-life/order-phase.ts';
import { placeOrder } from '../placing/placement.ts';
import { nudge } from '../rounds/scheduler.ts';
import { VaultError } from '../vault/vault-errors.ts';
import { announceBatchPaused, noteIfBatchFinished } from './batch-notices.ts';
import { historyDb, rowsAlong, saveRows, withBatch } from './batch-records.ts';
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
  if (result.placed && result.duplicate) await saveRows(await historyDb(), batch, rows);
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
  const db = await historyDb();
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
    const db = await historyDb();
    const batch = await db.get('batches', batchId);
    if (!batch || !isBatchRunning(batch.state)) return false;
    const before = `${batch.state} ${batch.nextIndex}`;
    let waiting = await (await history()).countBatchOrders(batchId, AWAITING_ACCEPTANCE);
    let handed = 0;
    while (isBatchRunning(batch.state) && waiting < batch.concurrency) {
      if (batch.nextIndex >= batch.orderCount) {
        batch.state = batchTransition(batch.state, 'handed_all') ?? batch.state;
        break;
      }
      const row = await db.get('batchRows', [batchId, batch.nextIndex]);
      const moved = { nextIndex: batch.nextIndex + 1, updatedAt: now };
      // A row not waiting (refused by its check, cancelled) is passed over.
      if (!row || !isRowWaiting(row)) Object.assign(batch, moved);
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
    return isBatchHandedAll(batch.state);
  });
  if (handedAll) await noteIfBatchFinished(batchId);
}

/** Steps every running batch once, each round; a failed step is retried by the next. */
export async function advanceBatches(now = clock.now()): Promise<void> {
  const batches = await (await historyDb()).getAll('batches');
  for (const batch of batches) {
    if (!isBatchRunning(batch.state)) continue;
    try {
      await pumpBatch(batch.id, now);
    } catch (error) {
      console.error('Buyline: a bulk batch could not go on', error);
    }
  }
}
