/**
 * Starting a batch: every order is made into its draft (rows whose cells show a
 * problem are refused; the request's own rules are placement's one check, made when the
 * row is handed over), and the whole batch, each order with its local id, is written in
 * one transaction before the first order is handed to placement.
 */

import { ROW_CAP } from '../../shared/bulk/columns.ts';
import type { StartReply } from '../../shared/bulk/messages.ts';
import { publishChange } from '../../shared/change-feed.ts';
import { notesOf } from '../../shared/client-notes.ts';
import { t } from '../../shared/i18n.ts';
import { formatCount } from '../../shared/locale-format.ts';
import type { Payload } from '../../shared/protocol.ts';
import { clock } from '../clock.ts';
import { readSettings } from '../settings-store.ts';
import { secretsForOrder, vaultStatus } from '../vault/vault-service.ts';
import { bulkDb, type StoredBatch, type StoredRow } from './batch-records.ts';
import { DEFAULT_CONCURRENCY } from './batch-runner.ts';
import { batchView } from './batch-view.ts';
import { type BatchContext, batchProblems, draftOrder } from './check-orders.ts';

/** The file's rows of an order, in the notes it carries to the service (placement adds the batch). */
export function withRows(draft: Record<string, unknown>, rows: number[]): Record<string, unknown> {
  return {
    ...draft,
    client_notes: { ...notesOf(draft.client_notes), buyline_rows: rows.join(' ') },
  };
}

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

/**
 * Records a batch and sets it running. The batch id comes from the page, once per
 * file: a second start of the same batch (a double click, a retried message) answers
 * the batch already recorded and records nothing.
 */
export async function startBatch(
  input: Payload<'bulk.start'>,
  now = clock.now(),
): Promise<StartReply> {
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

  const orders: StoredRow[] = input.orders.map((group, index) => {
    const check = draftOrder(group, context);
    const good = check.problems.length === 0;
    return {
      batchId: input.batchId,
      index,
      ...(group.key ? { key: group.key } : {}),
      rows: check.rows,
      lines: group.rows.map(({ row, cells }) => ({ row, cells })),
      localId: crypto.randomUUID(),
      status: good ? 'waiting' : 'refused',
      ...(good ? { request: withRows(check.request, check.rows) } : { problems: check.problems }),
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
  // Added, never put: a second start racing this one fails here instead of giving the
  // rows new draft ids.
  const tx = db.transaction(['batches', 'batchRows'], 'readwrite');
  const writes: Promise<unknown>[] = [tx.objectStore('batches').add(batch)];
  for (const order of orders) writes.push(tx.objectStore('batchRows').add(order));
  await Promise.all([...writes, tx.done]);
  await publishChange(['bulk']);
  return started(batch.id);
}

async function started(batchId: string): Promise<StartReply> {
  const view = await batchView(batchId);
  if (!view) throw new Error('The batch was recorded but cannot be read back.');
  return { started: true, view };
}
