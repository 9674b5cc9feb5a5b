/**
 * Undo: an order taken back in its hold is removed from the history (nothing was sent),
 * through the order's own table; any other state is refused.
 */
import { t } from '../shared/i18n.ts';
import type { OrderRecord } from '../shared/order-record.ts';
import { refreshBadge } from './badge.ts';
import { noteIfBatchFinished } from './bulk/batch-notices.ts';
import { ChangeBatch, type WriteContext } from './changes.ts';
import { history } from './history.ts';
import { announceOrderRemoved } from './notifier.ts';
import { changeOrderRecord } from './order-life/order-changes.ts';

/** Takes one order back: removed, or the table's reason why not, or missing. */
export async function undoOrder(
  localId: string,
  ctx: WriteContext,
): Promise<{ removed: OrderRecord } | { refused: string } | { missing: true }> {
  const [removed] = await undoOrders([localId], ctx);
  if (removed) return { removed };
  const current = await (await history()).getOrder(localId);
  if (!current) return { missing: true };
  const change = changeOrderRecord(current, { type: 'undo' }, ctx);
  return { refused: 'refused' in change ? change.refused : t('bg_cannotUndo') };
}

/**
 * Takes back many orders at once (a batch paused, or its rest cancelled): one
 * transaction removes each one the order's table lets go, so the last of a hundred is
 * taken back as soon as the first, before its hold can end. Then the user, the badge,
 * pages and the batches are told once. An order the table keeps (its hold ended) stays.
 */
export async function undoOrders(
  localIds: readonly string[],
  ctx: WriteContext,
): Promise<OrderRecord[]> {
  const removed = await (await history()).removeOrders(
    localIds,
    (current) => 'removed' in changeOrderRecord(current, { type: 'undo' }, ctx),
  );
  if (removed.length === 0) return removed;
  for (const order of removed) await announceOrderRemoved(order);
  await refreshBadge();
  const pages = ctx.batch ?? new ChangeBatch();
  for (const order of removed) pages.add(order.localId);
  if (!ctx.batch) await pages.publish();
  for (const batchId of new Set(removed.flatMap((order) => order.batchId ?? [])))
    await noteIfBatchFinished(batchId);
  return removed;
}
