/**
 * Hands a running batch's orders to placement, a few at a time, within the one
 * scheduler's rounds (scheduler.ts calls `advanceBatches` once a round): no loop,
 * timer or alarm of its own. Everything it needs is on disk: each order's draft id was
 * fixed when the batch was recorded, placement makes one order of one draft id however
 * often it is asked, and the order, its row's state and the batch's cursor are written
 * in one transaction. So a worker stopped at any point resumes the batch where it was,
 * and no row is ever sent under a second key. How many orders wait to be accepted is
 * read from the history itself (by batch and state), so there is no window to keep in
 * step.
 */

import { publishChange } from '../../shared/change-feed.ts';
import { t } from '../../shared/i18n.ts';
import type { PlaceResult } from '../../shared/protocol.ts';
import { clock } from '../clock.ts';
import type { Along } from '../history/record-ops.ts';
import { history } from '../history.ts';
import { AWAITING_ACCEPTANCE } from '../order-life/order-phase.ts';
import { placeOrder } from '../placement.ts';
import { nudge } from '../scheduler.ts';
import { VaultError } from '../vault/vault-errors.ts';
import { batchTransition, rowTransition } from './batch-life.ts';
import { withBatch } from './batch-lock.ts';
import { announceBatchPaused, noteIfBatchFinished } from './batch-notices.ts';
import { type BulkDb, bulkDb, type StoredBatch, type StoredRow } from './batch-records.ts';
import { schemaProblems } from './check-orders.ts';

/**
 * Orders of one batch handed over and not yet accepted by the service, at most. The
 * scheduler hands over at most this many a round, and rounds take longer as more
 * orders are followed: 100 keeps 1,000 rows within the bench's minute.
 */
export const DEFAULT_CONCURRENCY = 100;

type Tx = Parameters<Along['writes'][number]>[0];

export type HandOutcome = 'handed' | 'refused' | 'paused';

/** Writes rows and their batch in one transaction: the cursor and the rows never disagree. */
export async function saveRows(db: BulkDb, batch: StoredBatch, rows: StoredRow[]): Promise<void> {
  const tx = db.transaction(['batchRows', 'batches'], 'readwrite');
  await Promise.all([
    ...rows.map((row) => tx.objectStore('batchRows').put(row)),
    tx.objectStore('batches').put(batch),
    tx.done,
  ]);
}

/** The same writes, made in the transaction that adds a row's order (placement). */
export function rowsAlong(batch: StoredBatch, rows: StoredRow[]): Along {
  return {
    stores: ['batchRows', 'batches'],
    writes: [
      ...rows.map((row) => (tx: Tx) => tx.objectStore('batchRows').put(row)),
      (tx: Tx) => tx.objectStore('batches').put(batch),
    ],
  };
}

/**
 * Hands one row to placement under its own draft id. The new order, the row marked
 * handed over and the batch with `moved` (its cursor) are written in ONE transaction,
 * so a worker stopped at any point leaves either all of them or none: never an order
 * whose row still waits, nor a row marked handed over without its order. A refused
 * row and its batch are written together too; a vault that cannot give the secrets
 * pauses the batch and moves nothing.
 */
export async function handOver(
  batch: StoredBatch,
  row: StoredRow,
  moved: Partial<StoredBatch>,
): Promise<HandOutcome> {
  const db = await bulkDb();
  const handed = { ...row, status: rowTransition(row.status, 'hand_over') ?? row.status };
  let result: PlaceResult;
  try {
    result = await placeOrder(row.localId, row.request ?? {}, {
      secrets: batch.mode === 'own' ? batch.secrets : undefined,
      batchId: batch.id,
      along: rowsAlong({ ...batch, ...moved }, [handed]),
    });
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
    // An order made before (by a version that wrote it alone) leaves its row to note.
    if (result.duplicate) await saveRows(db, batch, [row]);
    return 'handed';
  }
  row.status = rowTransition(row.status, 'refuse') ?? row.status;
  row.problems = schemaProblems(
    result.problems,
    row.sources ?? { first: row.rows[0] ?? 0, products: [], quantities: [] },
  );
  await saveRows(db, batch, [row]);
  return 'refused';
}

/**
 * One step of a batch: hand over waiting orders while fewer than its concurrency wait
 * to be accepted. A batch that has handed everything over may be over already (every
 * order settled): that is checked once the step let go of the batch.
 */
export async function pumpBatch(batchId: string, now = clock.now()): Promise<void> {
  if (await stepBatch(batchId, now)) await noteIfBatchFinished(batchId);
}

/** True when the batch handed its last order over in this step. */
function stepBatch(batchId: string, now: number): Promise<boolean> {
  return withBatch(batchId, async () => {
    const db = await bulkDb();
    const batch = await db.get('batches', batchId);
    if (batch?.state !== 'running') return false;
    const before = `${batch.state} ${batch.nextIndex}`;
    const store = await history();
    let waiting = await store.countBatchOrders(batchId, AWAITING_ACCEPTANCE);
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
}

/**
 * Steps every running batch once: the scheduler's one call per round. A failed step is
 * retried by the next round; the batch's state is on disk.
 */
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
