/**
 * Fix and place again: a failed order of a batch, with its rows corrected by the
 * user, becomes a new order of the same batch, with a new draft id made by the page
 * once per fix (so a second submit of the same fix is the same new order). The
 * failed order stays as it was, marked as placed again.
 */

import type { RetryReply, RetryRequest } from '../../shared/bulk/messages.ts';
import { publishChange } from '../../shared/change-feed.ts';
import { t } from '../../shared/i18n.ts';
import { clock } from '../clock.ts';
import { history } from '../history.ts';
import { nudge } from '../scheduler.ts';
import { BatchNotFoundError } from './batch-control.ts';
import { withBatch } from './batch-lock.ts';
import { noteIfBatchFinished } from './batch-notices.ts';
import { handOver } from './batch-runner.ts';
import { batchContext, batchNotes } from './batch-start.ts';
import { bulkDb, type StoredOrder } from './bulk-db.ts';
import { batchProblems, checkOrder } from './check-orders.ts';
import { canRetry, orderView } from './order-outcome.ts';

export async function retryOrder(input: RetryRequest, now = clock.now()): Promise<RetryReply> {
  const reply = await placeAgain(input, now);
  // A fix the placement refused at once may leave the batch over again.
  await noteIfBatchFinished(input.batchId);
  return reply;
}

function placeAgain(input: RetryRequest, now: number): Promise<RetryReply> {
  return withBatch(input.batchId, async () => {
    const db = await bulkDb();
    const store = await history();
    const again = await db.getFromIndex('orders', 'localId', input.draftId);
    if (again)
      return { placed: true, order: orderView(again, await store.getOrder(again.localId)) };
    const batch = await db.get('batches', input.batchId);
    const failed = await db.get('orders', [input.batchId, input.index]);
    if (!batch || !failed) throw new BatchNotFoundError();
    const first = failed.rows[0] ?? 0;
    const record = failed.status === 'handed' ? await store.getOrder(failed.localId) : undefined;
    // An order that may have been placed at the retailer is never placed again from
    // here: the buyer checks the retailer first, and orders it anew if it is not there.
    if (record?.failure?.needsCheck)
      return {
        placed: false,
        problems: [
          {
            row: first,
            column: '',
            message: t('bulk_retryMaybePlaced'),
          },
        ],
      };
    if (!canRetry(failed, record))
      return {
        placed: false,
        problems: [
          {
            row: first,
            column: '',
            message: t('bulk_retryNotFailed'),
          },
        ],
      };
    const context = await batchContext(
      batch.secrets ? { mode: batch.mode, secrets: batch.secrets } : { mode: batch.mode },
    );
    const wrong = batchProblems(context);
    if (wrong.length > 0)
      return {
        placed: false,
        problems: wrong.map((message) => ({ row: first, column: '', message })),
      };
    const check = checkOrder(
      { ...(failed.key ? { key: failed.key } : {}), rows: input.lines },
      context,
    );
    if (check.problems.length > 0) return { placed: false, problems: check.problems };

    const order: StoredOrder = {
      batchId: batch.id,
      index: batch.orderCount,
      ...(failed.key ? { key: failed.key } : {}),
      rows: check.rows,
      lines: input.lines.map(({ row, cells }) => ({ row, cells })),
      localId: input.draftId,
      status: 'waiting',
      request: batchNotes(check.request, batch.id, check.rows),
      sources: check.sources,
      retryOf: failed.index,
    };
    failed.retriedBy = order.index;
    batch.orderCount += 1;
    batch.updatedAt = now;
    // Placed now, whatever the batch is doing: the user asked for this one order.
    const outcome = await handOver(batch, order);
    const tx = db.transaction(['batches', 'orders'], 'readwrite');
    await Promise.all([
      tx.objectStore('orders').put(failed),
      tx.objectStore('orders').add(order),
      tx.objectStore('batches').put(batch),
      tx.done,
    ]);
    await publishChange(['bulk']);
    if (outcome === 'handed') nudge();
    const placed = await store.getOrder(order.localId);
    return { placed: true, order: orderView(order, placed) };
  });
}
