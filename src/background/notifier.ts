import { isRetailerCode, RETAILERS } from '../api/retailers.ts';
import { browser } from '../shared/browser.ts';
import { t } from '../shared/i18n.ts';
import {
  formatCount,
  formatDay,
  formatList,
  formatMinorUnits,
  formatWait,
} from '../shared/locale-format.ts';
import type { CancellationRecord, OrderRecord } from '../shared/order-record.ts';
import { retailerName } from '../shared/retailer-names.ts';
import { asSentence, joinSentences, withoutFinalStop } from '../shared/sentences.ts';
import type { NotificationKind, Settings } from '../shared/settings.ts';
import { isPlaced } from './order-life/order-actions.ts';
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
  if (first === undefined) return t('notifyOrderFallbackName');
  return rest.length > 0 ? t('notifyOrderNameMore', first, formatCount(rest.length)) : first;
}

/** The last day any of the order's products is due, in words, if the service said. */
function deliveryBy(order: OrderRecord): string | undefined {
  const days = (order.deliveryDates ?? [])
    .map((delivery) => delivery.latest ?? delivery.date)
    .filter((text) => !Number.isNaN(Date.parse(text)))
    .sort((a, b) => Date.parse(a) - Date.parse(b));
  const last = days.at(-1);
  const day = last === undefined ? undefined : formatDay(last);
  return day === undefined ? undefined : t('notifyDeliveryBy', day);
}

function placedNote(order: OrderRecord): Note {
  const name = orderName(order);
  const retailer = retailerName(order.retailer);
  // A total without a currency is in the storefront's.
  const currency =
    order.currency ?? (isRetailerCode(order.retailer) ? RETAILERS[order.retailer].currency : '');
  const placed =
    order.total === undefined || !currency
      ? t('notifyPlacedMessage', name, retailer)
      : t('notifyPlacedMessageTotal', name, retailer, formatMinorUnits(order.total, currency));
  return {
    kind: 'placed',
    title: t('notifyPlacedTitle'),
    message: joinSentences(placed, deliveryBy(order)),
  };
}

/**
 * A failed order. One that may have been placed at the retailer all the same
 * (`failure.needsCheck`: `order_probably_placed` and the like) is told as what the
 * buyer must do, never as a plain failure that invites ordering again.
 */
function failedNote(order: OrderRecord): Note {
  const failure = order.failure;
  const name = orderName(order);
  const retailer = retailerName(order.retailer);
  if (failure?.needsCheck) {
    return {
      kind: 'failed',
      title: t('notifyCheckRetailerTitle'),
      message: orderSaid(name, retailer, failure.title || failure.fix),
    };
  }
  const reason = failure ? withoutFinalStop(failure.title) : '';
  return {
    kind: 'failed',
    title: t('notifyFailedTitle', reason || t('notifyFailedReasonUnknown')),
    message: orderSaid(name, retailer, failure?.fix ?? ''),
  };
}

/** "Desk lamp on Amazon UK: <text>." as one sentence, or without the text when there is none. */
function orderSaid(name: string, retailer: string, text: string): string {
  const said = text.trim();
  return asSentence(
    said
      ? t('notifyOrderOnRetailerSaid', name, retailer, said)
      : t('notifyOrderOnRetailer', name, retailer),
  );
}

/** What an order's change is worth telling the user, if anything. Pure. */
export function noteForOrder(before: OrderRecord, after: OrderRecord): Note | undefined {
  if (after.state === 'cancelled' && before.state !== 'cancelled') {
    return {
      kind: 'cancellation',
      title: t('notifyCancelledTitle'),
      message: t('notifyCancelledMessage', orderName(after)),
    };
  }
  if (after.state === 'partly_cancelled' && before.state !== 'partly_cancelled') {
    const cancelled = after.cancelledMerchantOrderIds ?? [];
    return {
      kind: 'cancellation',
      title: t('notifyPartlyCancelledTitle'),
      message: t(
        'notifyPartlyCancelledMessage',
        orderName(after),
        formatCount(cancelled.length),
        formatCount(after.merchantOrderIds.length),
        formatList(cancelled),
      ),
    };
  }
  if (!isPlaced(before.state) && after.state === 'placed') return placedNote(after);
  if (before.state !== 'failed' && after.state === 'failed') return failedNote(after);
  if (before.trackingCount === 0 && after.trackingCount > 0) {
    return {
      kind: 'tracking',
      title: t('notifyTrackingTitle'),
      message: t('notifyTrackingMessage', orderName(after)),
    };
  }
  if (!before.waitingNoted && after.waitingNoted && after.state === 'processing') {
    const minutes = Math.floor((after.updatedAt - after.createdAt) / 60_000);
    return {
      kind: 'managed_waiting',
      title: t('notifyWaitingTitle'),
      message: t('notifyWaitingMessageFor', orderName(after), formatWait(minutes)),
    };
  }
  return undefined;
}

/** The notice of a new order held before sending, with the seconds left to undo it. */
export function noteForHeld(order: OrderRecord): Note | undefined {
  if (order.state !== 'held' || order.holdUntil === undefined) return undefined;
  const seconds = Math.max(1, Math.round((order.holdUntil - order.createdAt) / 1000));
  return {
    kind: 'placed',
    title: t('notifyHeldTitle', formatCount(seconds)),
    message: t('notifyHeldMessage', orderName(order), retailerName(order.retailer)),
  };
}

/**
 * What a cancellation's change is worth telling. Its success is told as the order's
 * (cancelled, or partly cancelled), so that it is told once.
 */
export function noteForCancellation(
  before: CancellationRecord,
  after: CancellationRecord,
): Note | undefined {
  if (before.state === after.state) return undefined;
  if (after.state === 'attempting_to_cancel')
    return {
      kind: 'cancellation',
      title: t('notifyCancellingTitle'),
      message: t('notifyCancellingMessage', after.merchantOrderId),
    };
  if (after.state !== 'failed') return undefined;
  const reason = after.failure?.title.trim() || t('notifyCancelFailedReasonUnknown');
  const refused = t('notifyCancelRefused', after.merchantOrderId, reason);
  return {
    kind: 'cancellation',
    title: t('notifyCancelFailedTitle'),
    message: joinSentences(refused, after.failure?.fix),
  };
}

/**
 * Whether notifications may carry buttons. Chrome shows them; Firefox rejects
 * `buttons` in notifications.create ("unsupported by Firefox"), so they are never
 * passed there. Firefox is told apart by runtime.getBrowserInfo, which only it has.
 */
export function notificationButtonsSupported(): boolean {
  return typeof (browser.runtime as { getBrowserInfo?: unknown }).getBrowserInfo !== 'function';
}

/**
 * Shows a notice under `buyline:<id>` (a second one with the same id replaces it),
 * unless the user turned its kind off in the settings (read here unless given).
 */
export async function showNote(
  id: string,
  note: Note,
  buttons: { title: string }[] = [],
  given?: Settings,
): Promise<void> {
  const settings = given ?? (await readSettings());
  if (!settings.notifications[note.kind]) return;
  await browser.notifications.create(PREFIX + id, {
    type: 'basic',
    iconUrl: browser.runtime.getURL(ICON),
    title: note.title,
    message: note.message,
    ...(buttons.length > 0 && notificationButtonsSupported() ? { buttons } : {}),
  });
}

/** Takes back the notice shown under `buyline:<id>`, if it is still there. */
export async function clearNote(id: string): Promise<void> {
  await browser.notifications.clear(PREFIX + id);
}

const heldId = (localId: string) => `order:${localId}:held`;

/**
 * An order of a bulk batch is told through its batch (src/background/bulk/
 * batch-notices.ts: one notice when the batch finishes, one when it pauses for
 * something the buyer must do), so that a batch of 1,000 rows does not raise thousands
 * of notices: no notice of its own when held, placed, failed, tracked or long queued.
 * Only what the buyer did to that one order is told of it: its cancellation.
 */
const BATCH_ORDER_KINDS: ReadonlySet<NotificationKind> = new Set(['cancellation']);

/** A new order: held ones are told with Undo (a button where the browser has them). */
export async function announceOrderAdded(order: OrderRecord): Promise<void> {
  if (order.batchId) return;
  const note = noteForHeld(order);
  if (note) await showNote(heldId(order.localId), note, [{ title: t('notifyUndo') }]);
}

export async function announceOrderChange(
  before: OrderRecord,
  after: OrderRecord,
  settings?: Settings,
): Promise<void> {
  // Once sent, the held notice (and its Undo) is over.
  if (before.state === 'held' && after.state !== 'held') await clearNote(heldId(after.localId));
  const note = noteForOrder(before, after);
  if (!note) return;
  if (after.batchId && !BATCH_ORDER_KINDS.has(note.kind)) return;
  const kind =
    after.state === 'partly_cancelled' || after.state === 'cancelled' ? after.state : note.kind;
  await showNote(`order:${after.localId}:${kind}`, note, [], settings);
}

/** An order undone while held: its notice goes. */
export async function announceOrderRemoved(order: OrderRecord): Promise<void> {
  await clearNote(heldId(order.localId));
}

export async function announceCancellationChange(
  before: CancellationRecord,
  after: CancellationRecord,
): Promise<void> {
  const note = noteForCancellation(before, after);
  if (note) await showNote(`order:${after.orderLocalId}:cancel-${after.state}`, note);
}

/** The Undo button of a held order's notification, as a local id, if it is one. */
export function heldOrderOfButton(notificationId: string, buttonIndex: number): string | undefined {
  const match = /^buyline:order:([^:]+):held$/.exec(notificationId);
  return match && buttonIndex === 0 ? match[1] : undefined;
}

/** The order a notification is about, from its id. */
export function orderOfNotification(notificationId: string): string | undefined {
  const match = /^buyline:order:([^:]+):/.exec(notificationId);
  return match?.[1];
}
