import { browser } from '../../shared/browser.ts';
import type { ShowOrderRequest } from '../../shared/protocol.ts';
import { undoPlacedOrder } from '../pages/order-requests.ts';
import { heldOrderOfButton, orderOfNotification, orderPageOfButton } from './notifier.ts';

const POPUP = 'src/popup/index.html';

/** The popup's page at an order (`#order=<id>`), or at its cancellation's confirmation. */
export const orderPagePath = (localId: string, confirm: boolean) =>
  `${POPUP}#order=${encodeURIComponent(localId)}${confirm ? '&confirm' : ''}`;

/** A part's own notices and the page each opens (undefined: not one of its notices). */
type NoticePages = (notificationId: string) => string | undefined;

const parts = new Set<NoticePages>();

/**
 * The pages a part's own notices open (a bulk batch's open it on the Bulk orders page),
 * registered at the worker's start, so this core module imports no part of its own.
 */
export function openNoticesWith(pages: NoticePages): void {
  parts.add(pages);
}

/** The page of a part's own notice, if it is one. */
function partPage(notificationId: string): string | undefined {
  for (const pages of parts) {
    const page = pages(notificationId);
    if (page) return page;
  }
  return undefined;
}

/**
 * The page a click on a notice opens, relative to the extension's root: a part's notice
 * opens its page, an order's opens the order in a popup tab, anything else the orders list.
 */
export function pageForNotification(notificationId: string): string {
  const page = partPage(notificationId);
  if (page) return page;
  const localId = orderOfNotification(notificationId);
  return localId ? orderPagePath(localId, false) : POPUP;
}

/** Firefox shows no buttons on notices: there a click on one does what its button would. */
const noButtons = () =>
  typeof (browser.runtime as { getBrowserInfo?: unknown }).getBrowserInfo === 'function';

/**
 * Opens an order (at its cancellation's confirmation when `confirm`): in the side panel
 * when one is open (it answers), else in the popup where the browser opens it from
 * here, else in a tab with the popup's page. Confirming stays the buyer's next click.
 */
async function openOrderPage(localId: string, confirm: boolean): Promise<void> {
  const request: ShowOrderRequest = { buylineShow: 1, localId, confirm };
  const shown = await browser.runtime.sendMessage(request).catch(() => false);
  if (shown === true) return;
  const path = orderPagePath(localId, confirm);
  if (await openedInPopup(path)) return;
  await browser.tabs.create({ url: browser.runtime.getURL(path) });
}

/** The popup opened at `path`; false where the browser will not open it now (no window in front). */
async function openedInPopup(path: string): Promise<boolean> {
  const action = browser.action as typeof browser.action & { openPopup?: () => Promise<void> };
  if (typeof action.openPopup !== 'function') return false;
  try {
    await action.setPopup({ popup: path });
    await action.openPopup();
    return true;
  } catch {
    return false;
  } finally {
    // The toolbar button opens the popup's own page again.
    await action.setPopup({ popup: POPUP }).catch(() => undefined);
  }
}

/** A click on a notice: what it is about (on Firefox, a placed order's cancellation). */
export function onNoticeClicked(notificationId: string): void {
  void browser.notifications.clear(notificationId);
  const button = noButtons() ? orderPageOfButton(notificationId, 0) : undefined;
  const localId = orderOfNotification(notificationId);
  if (partPage(notificationId) || !localId) {
    void browser.tabs.create({ url: browser.runtime.getURL(pageForNotification(notificationId)) });
    return;
  }
  void openOrderPage(localId, button?.confirm ?? false);
}

/** A notice's button (Chrome): a held order's Undo, a placed order's cancellation, a failed one's fix. */
export function onNoticeButton(notificationId: string, buttonIndex: number): void {
  const held = heldOrderOfButton(notificationId, buttonIndex);
  if (held) {
    void undoPlacedOrder(held);
    return;
  }
  const page = orderPageOfButton(notificationId, buttonIndex);
  if (!page) return;
  void browser.notifications.clear(notificationId);
  void openOrderPage(page.localId, page.confirm);
}
