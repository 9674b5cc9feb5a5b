/**
 * Starting a batch: every order is checked again here (the page's dry run is advice,
 * this is the rule), and the whole batch, each order with its local id, is written in
 * one transaction before the first order is handed to placement.
 */

import { ROW_CAP } from '../../shared/bulk/columns.ts';
import type { StartReply, StartRequest } from '../../shared/bulk/messages.ts';
import { publishChange } from '../../shared/change-feed.ts';
import { notesOf } from '../../shared/client-notes.ts';
import { t } from '../../shared/i18n.ts';
import { formatCount } from '../../shared/locale-format.ts';
import { clock } from '../clock.ts';
import { BATCH_NOTE } from '../order-life/service-body.ts';
import { readSettings } from '../settings-store.ts';
import { secretsForOrder, vaultStatus } from '../vault/vault-service.ts';
import { DEFAULT_CONCURRENCY } from './batch-runner.ts';
import { batchView } from './batch-view.ts';
import { bulkDb, type StoredBatch, type StoredOrder } from './bulk-db.ts';
import { type BatchContext, batchProblems, checkOrder } from './check-orders.ts';

/** The batch's reference, in the notes every order carries to the service. */
export function batchNotes(
  request: Record<string, unknown>,
  batchId: string,
  rows: number[],
): Record<string, unknown> {
  const notes = notesOf(request.client_notes);
  return {
    ...request,
    client_notes: { ...notes, [BATCH_NOTE]: batchId, buyline_rows: rows.join(' ') },
  };
}

export async function batchContext(options: BatchContext['options']): Promise<BatchContext> {
  const [settings, vault] = await Promise.all([
    readSettings(),
    options.mode === 'own' ? vaultStatus() : Promise.resolve(undefined),
  ]);
  if (!vault) return { settings, options };
  const context: BatchContext = { settings, options, vault };
  // The chosen items' real values, so the check sees the order as it will be sent; a
  // vault that cannot give them is the batch's own problem (batchProblems).
  if (options.secrets && batchProblems(context).length === 0) {
    const secrets = await secretsForOrder(options.secrets).catch(() => undefined);
    if (secrets) context.secrets = secrets;
  }
  return context;
}

/**
 * Records a batch and sets it running. The batch id comes from the page, once per
 * file: a second start of the same batch (a double click, a retried message) answers
 * the batch already recorded and records nothing.
 */
export async function startBatch(input: StartRequest, now = clock.now()): Promise<StartReply> {
  const db = await bulkDb();
  const existing = await db.get('batches', input.batchId);
  if (existing) return started(existing.id);

  const rowCount = input.orders.reduce((sum, order) => sum + order.rows.length, 0);
  if (rowCount > ROW_CAP)
    return {
      started: false,
      problems: [t('bulk_batchOverCap', formatCount(ROW_CAP))],
    };
  const context = await batchContext(input.options);
  const problems = batchProblems(context);
  if (problems.length > 0) return { started: false, problems };

  const orders: StoredOrder[] = input.orders.map((group, index) => {
    const check = checkOrder(group, context);
    const good = check.problems.length === 0;
    return {
      batchId: input.batchId,
      index,
      ...(group.key ? { key: group.key } : {}),
      rows: check.rows,
      lines: group.rows.map(({ row, cells }) => ({ row, cells })),
      localId: crypto.randomUUID(),
      status: good ? 'waiting' : 'refused',
      ...(good
        ? { request: batchNotes(check.request, input.batchId, check.rows) }
        : { problems: check.problems }),
      sources: check.sources,
    };
  });
  if (!orders.some((order) => order.status === 'waiting'))
    return {
      started: false,
      problems: [t('bulk_nothingPlaceable')],
    };

  const batch: StoredBatch = {
    id: input.batchId,
    name: input.name,
    createdAt: now,
    updatedAt: now,
    state: 'running',
    mode: input.options.mode,
    ...(input.options.mode === 'own' && input.options.secrets
      ? { secrets: input.options.secrets }
      : {}),
    columns: input.columns,
    orderCount: orders.length,
    rowCount,
    nextIndex: 0,
    concurrency: DEFAULT_CONCURRENCY,
  };
  const tx = db.transaction(['batches', 'orders'], 'readwrite');
  const writes: Promise<unknown>[] = [tx.objectStore('batches').add(batch)];
  for (const order of orders) writes.push(tx.objectStore('orders').add(order));
  await Promise.all([...writes, tx.done]);
  await publishChange(['bulk']);
  return started(batch.id);
}

async function started(batchId: string): Promise<StartReply> {
  const view = await batchView(batchId);
  if (!view) throw new Error('The batch was recorded but cannot be read back.');
  return { started: true, view };
}
