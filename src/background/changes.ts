import type { CancellationRecord, OrderRecord } from '../shared/order-record.ts';
import { refreshBadge } from './badge.ts';
import { history } from './history.ts';
import { announceCancellationChange, announceOrderChange } from './notifier.ts';

/**
 * The one write path for records that already exist: the change and its event are
 * written in one transaction, then the user is told (notification, badge). Whatever
 * changed a record (a poll, a send, a sync, a user action), it passes here, so each
 * state change is announced exactly once.
 */
export async function changeOrder(
  localId: string,
  change: (current: OrderRecord) => OrderRecord | undefined,
  note?: string,
): Promise<OrderRecord | undefined> {
  const result = await (await history()).updateOrder(localId, change, note);
  if (!result) return undefined;
  await announceOrderChange(result.before, result.after);
  if (result.before.state !== result.after.state) await refreshBadge();
  return result.after;
}

export async function changeCancellation(
  localId: string,
  change: (current: CancellationRecord) => CancellationRecord | undefined,
  note?: string,
): Promise<CancellationRecord | undefined> {
  const result = await (await history()).updateCancellation(localId, change, note);
  if (!result) return undefined;
  await announceCancellationChange(result.before, result.after);
  if (result.before.state !== result.after.state) await refreshBadge();
  return result.after;
}
