import { isRetailerCode, RETAILERS } from '../../api/retailers.ts';
import { browser } from '../../shared/browser.ts';
import { t } from '../../shared/i18n.ts';
import {
  formatCount,
  formatDay,
  formatList,
  formatMinorUnits,
  formatWait,
} from '../../shared/locale-format.ts';
import type { CancellationRecord, OrderRecord } from '../../shared/order-record.ts';
import { retailerName } from '../../shared/retailer-names.ts';
import { asSentence, joinSentences, withoutFinalStop } from '../../shared/sentences.ts';
import type { NotificationKind, Settings } from '../../shared/settings.ts';
import { history } from '../history/connection.ts';
import { cancellationNewsOf } from '../order-life/cancellation-phases.ts';
import { orderView } from '../order-life/order-answers.ts';
import { newsOf, type OrderNews, phaseOf } from '../order-life/phases.ts';
import { readSettings } from '../settings-store.ts';

const ICON = 'icons/icon-128.png';
const PREFIX = 'buyline:';

export interface Note {
  kind: NotificationKind;
  title: string;
  message: string;
}

const note = (kind: NotificationKind, title: string, message: string): Note => ({
  kind,
  title,
  message,
});

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
  return note('placed', t('notifyPlacedTitle'), joinSentences(placed, deliveryBy(order)));
}

/**
 * A failed order. One that may have been placed at the retailer all the same
 * (`failure.needsCheck`: `order_probably_placed` and the like) is told as what the
 * buyer must do, never as a plain failure that invites ordering again.
 */
function failedNote(order: OrderRecord): Note {
  const failure = order.failure;
  const said = (text: string) => orderSaid(orderName(order), retailerName(order.retailer), text);
  if (failure?.needsCheck) {
    const message = said(failure.title || failure.fix);
    return { kind: 'failed', title: t('notifyCheckRetailerTitle'), message };
  }
  const reason = (failure && withoutFinalStop(failure.title)) || t('notifyFailedReasonUnknown');
  return note('failed', t('notifyFailedTitle', reason), said(failure?.fix ?? ''));
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

/** The note of each news of an order (order-life/phases.ts says which a change brings). */
const NEWS_NOTES: Record<Exclude<OrderNews, 'none'>, (order: OrderRecord) => Note | undefined> = {
  cancelled: (order) =>
    note('cancellation', t('notifyCancelledTitle'), t('notifyCancelledMessage', orderName(order))),
  partly_cancelled: (order) => {
    const cancelled = order.cancelledMerchantOrderIds ?? [];
    const count = formatCount(cancelled.length);
    const of = formatCount(order.merchantOrderIds.length);
    return note(
      'cancellation',
      t('notifyPartlyCancelledTitle'),
      t('notifyPartlyCancelledMessage', orderName(order), count, of, formatList(cancelled)),
    );
  },
  placed: placedNote,
  // A failure the buyer has already seen is their own withdrawal: nothing to tell.
  failed: (order) => (order.seenAt ? undefined : failedNote(order)),
};

/** What an order's change is worth telling the user, if anything. Pure. */
export function noteForOrder(before: OrderRecord, after: OrderRecord): Note | undefined {
  const news = newsOf(before, after);
  if (news !== 'none') return NEWS_NOTES[news](after);
  if (before.trackingCount === 0 && after.trackingCount > 0) {
    return note('tracking', t('notifyTrackingTitle'), t('notifyTrackingMessage', orderName(after)));
  }
  // Noted only by a read that finds it still being placed (order-changes.ts).
  if (!before.waitingNoted && after.waitingNoted) {
    const minutes = Math.floor((after.updatedAt - after.createdAt) / 60_000);
    return note(
      'managed_waiting',
      t('notifyWaitingTitle'),
      t('notifyWaitingMessageFor', orderName(after), formatWait(minutes)),
    );
  }
  return undefined;
}

/** The notice of a new order held before sending, with the seconds left to undo it. */
export function noteForHeld(order: OrderRecord): Note | undefined {
  if (phaseOf(order.state) !== 'held' || order.holdUntil === undefined) return undefined;
  const seconds = Math.max(1, Math.round((order.holdUntil - order.createdAt) / 1000));
  return note(
    'placed',
    t('notifyHeldTitle', formatCount(seconds)),
    t('notifyHeldMessage', orderName(order), retailerName(order.retailer)),
  );
}

/** What a cancellation's change is worth telling; its success is told as the order's. */
export function noteForCancellation(
  before: CancellationRecord,
  after: CancellationRecord,
): Note | undefined {
  const news = cancellationNewsOf(before, after);
  if (news === 'attempting')
    return note(
      'cancellation',
      t('notifyCancellingTitle'),
      t('notifyCancellingMessage', after.merchantOrderId),
    );
  if (news !== 'refused') return undefined;
  const reason = after.failure?.title.trim() || t('notifyCancelFailedReasonUnknown');
  const refused = t('notifyCancelRefused', after.merchantOrderId, reason);
  return note(
    'cancellation',
    t('notifyCancelFailedTitle'),
    joinSentences(refused, after.failure?.fix),
  );
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
  // Firefox rejects `buttons` ("unsupported by Firefox"); only it has getBrowserInfo.
  const browserInfo = typeof (browser.runtime as { getBrowserInfo?: unknown }).getBrowserInfo;
  await browser.notifications.create(PREFIX + id, {
    type: 'basic',
    iconUrl: browser.runtime.getURL(ICON),
    title: note.title,
    message: note.message,
    ...(buttons.length > 0 && browserInfo !== 'function' ? { buttons } : {}),
  });
}

export async function clearNote(id: string): Promise<void> {
  await browser.notifications.clear(PREFIX + id);
}

const heldId = (localId: string) => `order:${localId}:held`;

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
  if (phaseOf(before.state) === 'held' && phaseOf(after.state) !== 'held')
    await clearNote(heldId(after.localId));
  const note = noteForOrder(before, after);
  // An order of a bulk batch is told through its batch (bulk/batch-notices.ts), so that
  // 1,000 rows raise no 1,000 notices; only what the buyer did to it is its own.
  if (!note || (after.batchId && note.kind !== 'cancellation')) return;
  // One notice per news of an order (a later one of the same news replaces it).
  const news = newsOf(before, after);
  const kind = news === 'none' ? note.kind : news;
  await showNote(`order:${after.localId}:${kind}`, note, await buttonsOf(after, note), settings);
}

/**
 * The button of an order's notice: a placed order's offers its cancellation while the
 * order's life allows one (`life.actions.cancel`, never decided here); a failed one's
 * opens the order, which says how to fix it. What each opens: `orderPageOfButton`.
 */
async function buttonsOf(order: OrderRecord, note: Note): Promise<{ title: string }[]> {
  if (note.kind === 'failed') return [{ title: t('notifyShowFix') }];
  if (note.kind !== 'placed') return [];
  const [cancellations] = await (await history()).cancellationsOfEach([order.localId]);
  const { life } = orderView(order, cancellations ?? []);
  return life.actions.cancel.length > 0 ? [{ title: t('notifyCancelOrder') }] : [];
}

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
  return buttonIndex === 0 ? /^buyline:order:([^:]+):held$/.exec(notificationId)?.[1] : undefined;
}

/**
 * What the button of an order's notice opens: a placed order's cancellation (`confirm`),
 * a failed order's fix (the order itself).
 */
export function orderPageOfButton(
  notificationId: string,
  buttonIndex: number,
): { localId: string; confirm: boolean } | undefined {
  const match = /^buyline:order:([^:]+):(placed|failed)$/.exec(notificationId);
  if (!match?.[1] || buttonIndex !== 0) return undefined;
  return { localId: match[1], confirm: match[2] === 'placed' };
}

export function orderOfNotification(notificationId: string): string | undefined {
  return /^buyline:order:([^:]+):/.exec(notificationId)?.[1];
}
