import { browser } from '../shared/browser.ts';
import { formatCents } from '../shared/money.ts';
import type { CancellationRecord, OrderRecord } from '../shared/order-record.ts';
import type { NotificationKind } from '../shared/settings.ts';
import { readSettings } from './settings-store.ts';

const ICON = 'icons/icon-128.png';
const PREFIX = 'buyline:';

export interface Note {
  kind: NotificationKind;
  title: string;
  message: string;
}

function orderName(order: OrderRecord): string {
  if (order.title) return order.title.length > 60 ? `${order.title.slice(0, 57)}…` : order.title;
  const [first, ...rest] = order.productIds;
  return rest.length > 0 ? `${first} and ${rest.length} more` : (first ?? 'Order');
}

/** What an order's change is worth telling the user, if anything. Pure. */
export function noteForOrder(before: OrderRecord, after: OrderRecord): Note | undefined {
  if (before.state !== 'placed' && after.state === 'placed') {
    const total =
      after.total === undefined ? '' : ` for ${formatCents(after.total, after.currency)}`;
    return {
      kind: 'placed',
      title: 'Order placed',
      message: `${orderName(after)}: placed on ${after.retailer}${total}.`,
    };
  }
  if (before.state !== 'failed' && after.state === 'failed') {
    const failure = after.failure;
    return {
      kind: 'failed',
      title: `Order failed: ${failure?.title ?? 'the service refused it'}`,
      message: `${orderName(after)}. ${failure?.fix ?? ''}`.trim(),
    };
  }
  if (before.trackingCount === 0 && after.trackingCount > 0) {
    return {
      kind: 'tracking',
      title: 'Tracking obtained',
      message: `${orderName(after)}: tracking is in.`,
    };
  }
  return undefined;
}

export function noteForCancellation(
  before: CancellationRecord,
  after: CancellationRecord,
): Note | undefined {
  if (before.state === after.state) return undefined;
  const which = `merchant order ${after.merchantOrderId}`;
  switch (after.state) {
    case 'attempting_to_cancel':
      return {
        kind: 'cancellation',
        title: 'Cancellation under way',
        message: `The retailer is attempting to cancel ${which}.`,
      };
    case 'cancelled':
      return { kind: 'cancellation', title: 'Order cancelled', message: `${which} was cancelled.` };
    case 'failed':
      return {
        kind: 'cancellation',
        title: 'Cancellation failed',
        message:
          `${which} could not be cancelled: ${after.failure?.title ?? 'the retailer refused'}. ${after.failure?.fix ?? ''}`.trim(),
      };
    default:
      return undefined;
  }
}

async function show(id: string, note: Note): Promise<void> {
  const settings = await readSettings();
  if (!settings.notifications[note.kind]) return;
  await browser.notifications.create(PREFIX + id, {
    type: 'basic',
    iconUrl: browser.runtime.getURL(ICON),
    title: note.title,
    message: note.message,
  });
}

export async function announceOrderChange(before: OrderRecord, after: OrderRecord): Promise<void> {
  const note = noteForOrder(before, after);
  if (note) await show(`order:${after.localId}:${note.kind}`, note);
}

export async function announceCancellationChange(
  before: CancellationRecord,
  after: CancellationRecord,
): Promise<void> {
  const note = noteForCancellation(before, after);
  if (note) await show(`order:${after.orderLocalId}:cancel-${after.state}`, note);
}

/** A managed order still queued after a long wait, told once. */
export async function announceManagedWaiting(order: OrderRecord, minutes: number): Promise<void> {
  await show(`order:${order.localId}:managed_waiting`, {
    kind: 'managed_waiting',
    title: 'Managed order still queued',
    message: `${orderName(order)} has waited ${minutes} minutes in the managed queue. You can keep waiting or abort it.`,
  });
}

/** The order a notification is about, from its id. */
export function orderOfNotification(notificationId: string): string | undefined {
  const match = /^buyline:order:([^:]+):/.exec(notificationId);
  return match?.[1];
}
