/**
 * Bulk joins the core of the worker, which does not import it: its batches hand orders
 * over at the end of every round, a batch whose last order settled is told finished, and
 * a batch's notices open it on the Bulk orders page. Called at the worker's start
 * (src/background/index.ts); calling it again changes nothing.
 */

import { onOrdersSettled } from '../history/settled-orders.ts';
import { addRoundStep } from '../rounds/scheduler.ts';
import { openNoticesWith } from '../telling/notice-clicks.ts';
import { batchOfNotification, batchPagePath, noteIfBatchFinished } from './batch-notices.ts';
import { advanceBatches } from './batch-runner.ts';

async function noteFinishedBatches(orders: readonly { batchId?: string }[]): Promise<void> {
  for (const batchId of new Set(orders.flatMap((order) => order.batchId ?? [])))
    await noteIfBatchFinished(batchId);
}

function batchPage(notificationId: string): string | undefined {
  const batchId = batchOfNotification(notificationId);
  return batchId ? batchPagePath(batchId) : undefined;
}

export function plugInBulk(): void {
  addRoundStep(advanceBatches);
  onOrdersSettled(noteFinishedBatches);
  openNoticesWith(batchPage);
}
