/**
 * Fix and place again: a failed order of a batch, with its rows corrected by the
 * user, becomes a new order of the same batch, with a new draft id made by the page
 * once per fix (so a second submit of the same fix is the same new order). The
 * failed order stays as it was, marked as placed again. A fix placement refuses is
 * answered with its problems and recorded nowhere.
 */

import type { RetryReply } from '../../shared/bulk/messages.ts';
import { publishChange } from '../../shared/change-feed.ts';
import { t } from '../../shared/i18n.ts';
import type { Payload, PlaceResult } from '../../shared/protocol.ts';
import { clock } from '../clock.ts';
import { history } from '../history.ts';
import { placeOrder } from '../placement.ts';
import { nudge } from '../scheduler.ts';
import { VaultError } from '../vault/vault-errors.ts';
import { BatchNotFoundError } from './batch-control.ts';
import { withBatch } from './batch-lock.ts';
import { noteIfBatchFinished } from './batch-notices.ts';
import { bulkDb, type StoredRow } from './batch-records.ts';
import { rowsAlong, saveRows } from './batch-runner.ts';
import { batchContext, withRows } from './batch-start.ts';
import { batchProblems, draftOrder, schemaProblems } from './check-orders.ts';
import { canRetry, orderView } from './order-outcome.ts';

export async function retryOrder(
  input: Payload<'bulk.retry'>,
  now = clock.now(),
): Promise<RetryReply> {
  const reply = await placeAgain(input, now);
  // A fix the placement refused at once may leave the batch over again.
  await noteIfBatchFinished(input.batchId);
  return reply;
}

function placeAgain(input: Payload<'bulk.retry'>, now: number): Promise<RetryReply> {
  return withBatch(input.batchId, async () => {
    const db = await bulkDb();
    const store = await history();
    const again = await db.getFromIndex('batchRows', 'localId', input.draftId);
    if (again)
      return { placed: true, order: orderView(again, await store.getOrder(again.localId)) };
    const batch = await db.get('batches', input.batchId);
    const failed = await db.get('batchRows', [input.batchId, input.index]);
    if (!batch || !failed) throw new BatchNotFoundError();
    const first = failed.rows[0] ?? 0;
    const refused = (messages: string[]): RetryReply => ({
      placed: false,
      problems: messages.map((message) => ({ row: first, column: '', message })),
    });
    const record = failed.status === 'handed' ? await store.getOrder(failed.localId) : undefined;
    // An order that may have been placed at the retailer is never placed again from
    // here: the buyer checks the retailer first, and orders it anew if it is not there.
    if (record?.failure?.needsCheck) return refused([t('bulk_retryMaybePlaced')]);
    if (!canRetry(failed, record)) return refused([t('bulk_retryNotFailed')]);
    const context = await batchContext(
      batch.secrets ? { mode: batch.mode, secrets: batch.secrets } : { mode: batch.mode },
    );
    const wrong = batchProblems(context);
    if (wrong.length > 0) return refused(wrong);
    const draft = draftOrder(
      { ...(failed.key ? { key: failed.key } : {}), rows: input.lines },
      context,
    );
    if (draft.problems.length > 0) return { placed: false, problems: draft.problems };

    const order: StoredRow = {
      batchId: batch.id,
      index: batch.orderCount,
      ...(failed.key ? { key: failed.key } : {}),
      rows: draft.rows,
      lines: input.lines.map(({ row, cells }) => ({ row, cells })),
      localId: input.draftId,
      status: 'handed',
      request: withRows(draft.request, draft.rows),
      sources: draft.sources,
      retryOf: failed.index,
    };
    const fixed = { ...failed, retriedBy: order.index };
    const grown = { ...batch, orderCount: batch.orderCount + 1, updatedAt: now };
    // Placed now, whatever the batch is doing: the user asked for this one order. The
    // new row, the failed one marked fixed and the batch are written with the order, or
    // (a refused fix) nothing is.
    let result: PlaceResult;
    try {
      result = await placeOrder(order.localId, order.request ?? {}, {
        secrets: batch.mode === 'own' ? batch.secrets : undefined,
        batchId: batch.id,
        along: rowsAlong(grown, [fixed, order]),
      });
    } catch (error) {
      if (error instanceof VaultError) return refused([error.message]);
      throw error;
    }
    if (!result.placed)
      return { placed: false, problems: schemaProblems(result.problems, draft.sources) };
    // An order made before (by a version that wrote it alone) leaves its rows to note.
    if (result.duplicate) await saveRows(db, grown, [fixed, order]);
    await publishChange(['bulk']);
    nudge();
    const placed = await store.getOrder(order.localId);
    return { placed: true, order: orderView(order, placed) };
  });
}
