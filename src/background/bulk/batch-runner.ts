/**
 * Hands a running batch's orders to placement, a few at a time. Everything it needs
 * is in the bulk database and the history, never only in this worker's memory: each
 * order's draft id was fixed when the batch was recorded, placement makes one order
 * of one draft id however often it is asked, and the batch's cursor moves only after
 * an order was handed over. So a worker stopped at any point resumes the batch where
 * it was, and no row is ever sent under a second key.
 */

import { publishChange } from '../../shared/change-feed.ts';
import { t } from '../../shared/i18n.ts';
import { history } from '../history.ts';
import { placeOrder } from '../placement.ts';
import { nudge } from '../scheduler.ts';
import { VaultError } from '../vault/vault-errors.ts';
import { withBatch } from './batch-lock.ts';
import { announceBatchPaused, noteIfBatchFinished } from './batch-notices.ts';
import { type BulkDb, bulkDb, type StoredBatch, type StoredOrder } from './bulk-db.ts';
import { schemaProblems } from './check-orders.ts';
import { NOT_YET_ACCEPTED } from './order-outcome.ts';

/** Orders of one batch handed over and not yet accepted by the service, at most. */
export const DEFAULT_CONCURRENCY = 24;

/** Keeps in the window only the orders the service has not accepted yet. */
async function settleWindow(batch: StoredBatch): Promise<string[]> {
  const store = await history();
  const records = await Promise.all(batch.inFlight.map((id) => store.getOrder(id)));
  return batch.inFlight.filter((_, i) => {
    const state = records[i]?.state as string | undefined;
    return state !== undefined && NOT_YET_ACCEPTED.has(state);
  });
}

export type HandOutcome = 'handed' | 'refused' | 'paused';

/**
 * Hands one order to placement under its own draft id, and notes the outcome on the
 * order and the batch (the caller writes them). A second call for the same order,
 * after a stop before that write, is the same order.
 */
export async function handOver(
  batch: StoredBatch,
  order: StoredOrder,
  now = Date.now(),
): Promise<HandOutcome> {
  let result: Awaited<ReturnType<typeof placeOrder>>;
  try {
    result = await placeOrder(order.localId, order.request ?? {}, {
      secrets: batch.mode === 'own' ? batch.secrets : undefined,
      batchId: batch.id,
    });
  } catch (error) {
    if (!(error instanceof VaultError)) throw error;
    batch.state = 'paused';
    batch.pauseReason = t(error.locked ? 'bulk_pausedVaultLocked' : 'bulk_pausedVaultItemGone');
    // Only the buyer can get it going again: they are told (once per pause).
    await announceBatchPaused(batch);
    return 'paused';
  }
  if (result.placed) {
    order.status = 'handed';
    order.handedAt = now;
    if (
      NOT_YET_ACCEPTED.has(result.order.state as string) &&
      !batch.inFlight.includes(order.localId)
    )
      batch.inFlight.push(order.localId);
  } else {
    order.status = 'refused';
    order.problems = schemaProblems(
      result.problems,
      order.sources ?? { first: order.rows[0] ?? 0, products: [], quantities: [] },
    );
  }
  return order.status === 'handed' ? 'handed' : 'refused';
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
 * One step of a batch: drop accepted orders from the window, then hand over waiting
 * orders while the window has room. Returns whether there is more to do later. A batch
 * that has handed everything over may be over already (every order settled): that is
 * checked once the step let go of the batch.
 */
export async function pumpBatch(batchId: string, now = Date.now()): Promise<boolean> {
  const { more, handedAll } = await stepBatch(batchId, now);
  if (handedAll) await noteIfBatchFinished(batchId);
  return more;
}

function stepBatch(batchId: string, now: number): Promise<{ more: boolean; handedAll: boolean }> {
  return withBatch(batchId, async () => {
    const db = await bulkDb();
    const batch = await db.get('batches', batchId);
    if (!batch) return { more: false, handedAll: false };
    const wasRunning = batch.state === 'running';
    const before = JSON.stringify([batch.state, batch.nextIndex, batch.inFlight]);
    batch.inFlight = await settleWindow(batch);
    let handed = 0;
    while (batch.state === 'running' && batch.inFlight.length < batch.concurrency) {
      if (batch.nextIndex >= batch.orderCount) {
        batch.state = 'done';
        break;
      }
      const order = await db.get('orders', [batchId, batch.nextIndex]);
      if (order?.status === 'waiting') {
        const outcome = await handOver(batch, order, now);
        if (outcome === 'paused') break;
        if (outcome === 'handed') handed += 1;
      }
      batch.nextIndex += 1;
      batch.updatedAt = now;
      if (order) await saveOrderAndBatch(db, order, batch);
      else await db.put('batches', batch);
    }
    if (JSON.stringify([batch.state, batch.nextIndex, batch.inFlight]) !== before) {
      batch.updatedAt = now;
      await db.put('batches', batch);
      await publishChange(['bulk']);
    }
    if (handed > 0) nudge();
    return {
      more: batch.state === 'running' || batch.inFlight.length > 0,
      handedAll: wasRunning && batch.state === 'done',
    };
  });
}

/** Every batch that still has orders to hand over or waiting to be accepted. */
export async function activeBatchIds(): Promise<string[]> {
  const db = await bulkDb();
  const batches = await db.getAll('batches');
  return batches
    .filter((batch) => batch.state === 'running' || batch.inFlight.length > 0)
    .map((batch) => batch.id);
}

/** Steps every active batch once; true while any has more to do. */
export async function pumpAll(now = Date.now()): Promise<boolean> {
  let more = false;
  for (const id of await activeBatchIds()) {
    try {
      if (await pumpBatch(id, now)) more = true;
    } catch (error) {
      // A failed step is retried by the next one; the batch's state is on disk.
      console.error('Buyline: a bulk batch could not go on', error);
      more = true;
    }
  }
  return more;
}
