/**
 * Recording a batch's orders: each order of the file made into its draft (or refused,
 * when its cells show a problem), all written with their local ids in one transaction
 * before anything is sent; and a failed order, fixed, placed again in its batch.
 */

import { ROW_CAP } from '../../shared/bulk/columns.ts';
import type { RetryReply, SentOrder } from '../../shared/bulk/messages.ts';
import { publishChange } from '../../shared/change-feed.ts';
import { notesOf } from '../../shared/client-notes.ts';
import { t } from '../../shared/i18n.ts';
import { formatCount } from '../../shared/locale-format.ts';
import type { Payload } from '../../shared/protocol.ts';
import { clock } from '../clock.ts';
import { history } from '../history/connection.ts';
import type { StoredBatch, StoredRow } from '../history/stored-batches.ts';
import { isRowHanded, isRowWaiting, rowLife } from '../order-life/bulk-life.ts';
import { nudge } from '../rounds/scheduler.ts';
import { readSettings } from '../settings-store.ts';
import { VaultError } from '../vault/vault-errors.ts';
import { secretsForOrder, vaultStatus } from '../vault/vault-service.ts';
import { noteIfBatchFinished } from './batch-notices.ts';
import { BatchNotFoundError, historyDb, withBatch } from './batch-records.ts';
import { DEFAULT_CONCURRENCY, placeRow } from './batch-runner.ts';
import { rowView } from './batch-view.ts';
import { type BatchContext, batchProblems, checkOrder, rowProblems } from './check-orders.ts';

/** The settings and vault a batch is drafted with; `preview`: the dry run's real secrets too. */
export async function batchContext(
  options: BatchContext['options'],
  preview = false,
): Promise<BatchContext> {
  const [settings, vault] = await Promise.all([
    readSettings(),
    options.mode === 'own' ? vaultStatus() : Promise.resolve(undefined),
  ]);
  if (!vault) return { settings, options };
  const context: BatchContext = { settings, options, vault };
  // The chosen items' real values, so the check sees the order as it will be sent; a
  // vault that cannot give them is the batch's own problem (batchProblems).
  if (preview && options.secrets && batchProblems(context).length === 0) {
    const secrets = await secretsForOrder(options.secrets).catch(() => undefined);
    if (secrets) context.secrets = secrets;
  }
  return context;
}

/** One order as recorded; its draft tells the service the file's rows in its notes. */
function rowOf(
  batchId: string,
  index: number,
  group: SentOrder,
  context: BatchContext,
  localId: string,
): StoredRow {
  const check = checkOrder(group, context, false);
  const notes = { ...notesOf(check.request.client_notes), buyline_rows: check.rows.join(' ') };
  return {
    batchId,
    index,
    ...(group.key ? { key: group.key } : {}),
    rows: check.rows,
    lines: group.rows.map(({ row, cells }) => ({ row, cells })),
    localId,
    ...(check.problems.length > 0
      ? { status: 'refused', problems: check.problems }
      : { status: 'waiting', request: { ...check.request, client_notes: notes } }),
    sources: check.sources,
  };
}

/**
 * Records a batch and sets it running, or says why it cannot. The page makes the batch
 * id once per file: a second start (a double click, a retried message) records nothing.
 */
export async function startBatch(
  input: Payload<'bulk.start'>,
  now = clock.now(),
): Promise<string[] | undefined> {
  const db = await historyDb();
  if (await db.get('batches', input.batchId)) return undefined;
  const rowCount = input.orders.reduce((sum, order) => sum + order.rows.length, 0);
  if (rowCount > ROW_CAP) return [t('bulk_batchOverCap', formatCount(ROW_CAP))];
  const context = await batchContext(input.options);
  const problems = batchProblems(context);
  if (problems.length > 0) return problems;
  const orders = input.orders.map((group, index) =>
    rowOf(input.batchId, index, group, context, crypto.randomUUID()),
  );
  if (!orders.some(isRowWaiting)) return [t('bulk_nothingPlaceable')];

  const { mode, secrets } = input.options;
  const batch: StoredBatch = {
    id: input.batchId,
    name: input.name,
    createdAt: now,
    updatedAt: now,
    state: 'running',
    mode,
    ...(mode === 'own' && secrets ? { secrets } : {}),
    columns: input.columns,
    orderCount: orders.length,
    rowCount,
    nextIndex: 0,
    concurrency: DEFAULT_CONCURRENCY,
  };
  // Added, never put: a second start racing this one fails here instead of giving the
  // rows new draft ids.
  const tx = db.transaction(['batches', 'batchRows'], 'readwrite');
  const writes: Promise<unknown>[] = [tx.objectStore('batches').add(batch)];
  for (const order of orders) writes.push(tx.objectStore('batchRows').add(order));
  await Promise.all([...writes, tx.done]);
  await publishChange(['bulk']);
  return undefined;
}

/**
 * Fix and place again: a failed order's rows, corrected, become a new order of its
 * batch under a draft id the page makes once per fix (a second submit is the same
 * order). The failed one is marked as placed again; a refused fix is recorded nowhere.
 */
export async function retryOrder(
  input: Payload<'bulk.retry'>,
  now = clock.now(),
): Promise<RetryReply> {
  const reply = await withBatch(input.batchId, () => placeAgain(input, now));
  // A fix the placement refused at once may leave the batch over again.
  await noteIfBatchFinished(input.batchId);
  return reply;
}

async function placeAgain(input: Payload<'bulk.retry'>, now: number): Promise<RetryReply> {
  const db = await historyDb();
  const store = await history();
  const again = await db.getFromIndex('batchRows', 'localId', input.draftId);
  if (again) return { placed: true, order: rowView(again, await store.getOrder(again.localId)) };
  const batch = await db.get('batches', input.batchId);
  const failed = await db.get('batchRows', [input.batchId, input.index]);
  if (!batch || !failed) throw new BatchNotFoundError();
  const refused = (messages: string[]): RetryReply => ({
    placed: false,
    problems: messages.map((message) => ({ row: failed.rows[0] ?? 0, column: '', message })),
  });
  const record = isRowHanded(failed) ? await store.getOrder(failed.localId) : undefined;
  // An order that may have been placed at the retailer is never placed again from
  // here: the buyer checks the retailer first, and orders it anew if it is not there.
  if (record?.failure?.needsCheck) return refused([t('bulk_retryMaybePlaced')]);
  // Its retry is its order's retry, answered once (bulk-life.ts).
  if (!rowLife(failed, record, batch.state).retry) return refused([t('bulk_retryNotFailed')]);
  const context = await batchContext({ mode: batch.mode, secrets: batch.secrets });
  const wrong = batchProblems(context);
  if (wrong.length > 0) return refused(wrong);
  const group = { ...(failed.key ? { key: failed.key } : {}), rows: input.lines };
  const drafted = rowOf(batch.id, batch.orderCount, group, context, input.draftId);
  if (drafted.problems) return { placed: false, problems: drafted.problems };

  const order: StoredRow = { ...drafted, status: 'handed', retryOf: failed.index };
  // Placed now, whatever the batch is doing: the user asked for this one order. The rows
  // and the batch are written with the order, or (a refused fix) nothing is.
  const grown = { ...batch, orderCount: batch.orderCount + 1, updatedAt: now };
  try {
    const result = await placeRow(grown, order, [{ ...failed, retriedBy: order.index }, order]);
    if (!result.placed) return { placed: false, problems: rowProblems(result.problems, order) };
  } catch (error) {
    if (error instanceof VaultError) return refused([error.message]);
    throw error;
  }
  await publishChange(['bulk']);
  nudge();
  return { placed: true, order: rowView(order, await store.getOrder(order.localId)) };
}
