/**
 * Hands a running batch's orders to placement, a few at a time, within the one
 * scheduler's rounds (scheduler.ts calls `advanceBatches` once a round): no loop,
 * timer or alarm of its own. Everything it needs is on disk: each order's draft id was
 * fixed when the batch was recorded, placement makes one order of one draft id however
 * often it is asked, and the batch's cursor moves only after an order was handed over.
 * So a worker stopped at any point resumes the batch where it was, and no row is ever
 * sent under a second key. How many orders wait to be accepted is read from the
 * history itself (by batch and state), so there is no window to keep in step.
 */

import { publishChange } from '../../shared/change-feed.ts';
import { t } from '../../shared/i18n.ts';
import { clock } from '../clock.ts';
import { history } from '../history.ts';
import { AWAITING_ACCEPTANCE } from '../order-life/order-phase.ts';
import { placeOrder } from '../placement.ts';
import { nudge } from '../scheduler.ts';
import { VaultError } from '../vault/vault-errors.ts';
import { batchTransition, rowTransition } from './batch-life.ts';
import { withBatch } from './batch-lock.ts';
import { announceBatchPaused, noteIfBatchFinished } from './batch-notices.ts';
import { type BulkDb, bulkDb, type StoredBatch, type StoredOrder } from './bulk-db.ts';
import { schemaProblems } from './check-orders.ts';

/**
 * Orders of one batch handed over and not yet accepted by the service, at most. The
 * scheduler hands over at most this many a round, and rounds take longer as more
 * orders are followed: 100 keeps 1,000 rows within the bench's minute.
 */
export const DEFAULT_CONCURRENCY = 100;

export type HandOutcome = 'handed' | 'refused' | 'paused';

/**
 * Hands one order to placement under its own draft id, and notes the outcome on the
 * order and the batch (the caller writes them). A second call for the same order,
 * after a stop before that write, is the same order.
 */
export async function handOver(batch: StoredBatch, order: StoredOrder): Promise<HandOutcome> {
  let result: Awaited<ReturnType<typeof placeOrder>>;
  try {
    result = await placeOrder(order.localId, order.request ?? {}, {
      secrets: batch.mode === 'own' ? batch.secrets : undefined,
      batchId: batch.id,
    });
  } catch (error) {
    if (!(error instanceof VaultError)) throw error;
    batch.state = batchTransition(batch.state, 'vault_trouble') ?? batch.state;
    batch.pauseReason = t(error.locked ? 'bulk_pausedVaultLocked' : 'bulk_pausedVaultItemGone');
    // Only the buyer can get it going again: they are told (once per pause).
    await announceBatchPaused(batch);
    return 'paused';
  }
  if (result.placed) {
    order.status = rowTransition(order.status, 'hand_over') ?? order.status;
    return 'handed';
  }
  order.status = rowTransition(order.status, 'refuse') ?? order.status;
  order.problems = schemaProblems(
    result.problems,
    order.sources ?? { first: order.rows[0] ?? 0, products: [], quantities: [] },
  );
  return 'refused';
}

/** Writes an order and its batch together, so the cursor and the order never disagree. */
export async function saveOrderAndBatch(
  db: BulkDb,
  order: StoredOrder,
  batch: StoredBatch,
): Promise<void> {
  const tx = db.transaction(['orders', 'batches'], 'readwrite');
  await Promise.all([
    tx.objectStore('orders').put(order),
    tx.objectStore('batches').put(batch),
    tx.done,
  ]);
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
      const order = await db.get('orders', [batchId, batch.nextIndex]);
      if (order?.status === 'waiting') {
        const outcome = await handOver(batch, order);
        if (outcome === 'paused') break;
        if (outcome === 'handed') {
          handed += 1;
          waiting += 1;
        }
      }
      batch.nextIndex += 1;
      batch.updatedAt = now;
      if (order) await saveOrderAndBatch(db, order, batch);
      else await db.put('batches', batch);
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
