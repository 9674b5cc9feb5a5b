import type { OrderRecord } from '../../shared/order-record.ts';
import { ChangeBatch, type WriteContext } from '../history/changes.ts';
import { history } from '../history/connection.ts';
import { announceSettled } from '../history/settled-orders.ts';
import { changeOrderRecord } from '../order-life/order-changes.ts';
import { refreshBadge } from '../telling/badge.ts';
import { announceOrderRemoved } from '../telling/notifier.ts';

/**
 * Undo: takes orders back in their hold (nothing was sent) as the order's table lets
 * go, in one transaction, so the last of a hundred goes as soon as the first, before
 * its hold can end; then told once. An order whose hold ended stays.
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
  await announceSettled(removed);
  return removed;
}
