/**
 * The user's hands on a running batch: pause, resume, and cancel the rest. Each runs
 * under the batch's lock, so it never races the step that hands orders over.
 */

import type { BatchSummary } from '../../shared/bulk/types.ts';
import { publishChange } from '../../shared/change-feed.ts';
import { t } from '../../shared/i18n.ts';
import { history } from '../history.ts';
import { NotFoundError } from '../not-found.ts';
import { withBatch } from './batch-lock.ts';
import { clearBatchPaused, noteIfBatchFinished } from './batch-notices.ts';
import { readBatch, summaryOf } from './batch-view.ts';
import { bulkDb, ordersOf, type StoredBatch } from './bulk-db.ts';
import { NOT_YET_ACCEPTED } from './order-outcome.ts';

export class BatchNotFoundError extends NotFoundError {
  constructor() {
    super(t('bulk_batchGone'));
  }
}

async function change(
  batchId: string,
  edit: (batch: StoredBatch) => boolean,
  now: number,
): Promise<BatchSummary> {
  await withBatch(batchId, async () => {
    const db = await bulkDb();
    const batch = await db.get('batches', batchId);
    if (!batch) throw new BatchNotFoundError();
    if (!edit(batch)) return;
    batch.updatedAt = now;
    await db.put('batches', batch);
    await publishChange(['bulk']);
  });
  const read = await readBatch(batchId);
  if (!read) throw new BatchNotFoundError();
  return summaryOf(read);
}

/** Hands nothing more over; what was handed over goes on. */
export function pauseBatch(batchId: string, now = Date.now()): Promise<BatchSummary> {
  return change(
    batchId,
    (batch) => {
      if (batch.state !== 'running') return false;
      batch.state = 'paused';
      delete batch.pauseReason;
      return true;
    },
    now,
  );
}

export async function resumeBatch(batchId: string, now = Date.now()): Promise<BatchSummary> {
  const summary = await change(
    batchId,
    (batch) => {
      if (batch.state !== 'paused') return false;
      batch.state = 'running';
      delete batch.pauseReason;
      return true;
    },
    now,
  );
  // Whatever paused it, the buyer has dealt with it: its notice is over.
  await clearBatchPaused(batchId);
  return summary;
}

/**
 * Cancels every order not yet handed over: those are never sent. An order placement
 * already has (the worker stopped after handing it over, before noting so) is noted
 * as handed over, since it may be on its way.
 */
export async function cancelRest(batchId: string, now = Date.now()): Promise<BatchSummary> {
  await withBatch(batchId, async () => {
    const db = await bulkDb();
    const batch = await db.get('batches', batchId);
    if (!batch) throw new BatchNotFoundError();
    const store = await history();
    const waiting = (await ordersOf(db, batchId)).filter((order) => order.status === 'waiting');
    const records = await Promise.all(waiting.map((order) => store.getOrder(order.localId)));
    waiting.forEach((order, i) => {
      const record = records[i];
      if (record) {
        order.status = 'handed';
        if (NOT_YET_ACCEPTED.has(record.state as string)) batch.inFlight.push(order.localId);
      } else order.status = 'cancelled';
    });
    if (batch.state !== 'done') batch.state = 'stopped';
    delete batch.pauseReason;
    batch.nextIndex = batch.orderCount;
    batch.updatedAt = now;
    const tx = db.transaction(['batches', 'orders'], 'readwrite');
    await Promise.all([
      ...waiting.map((order) => tx.objectStore('orders').put(order)),
      tx.objectStore('batches').put(batch),
      tx.done,
    ]);
    await publishChange(['bulk']);
  });
  // What was handed over may all have settled already: then the batch is over now.
  await noteIfBatchFinished(batchId);
  const read = await readBatch(batchId);
  if (!read) throw new BatchNotFoundError();
  return summaryOf(read);
}
