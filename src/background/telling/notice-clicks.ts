import { orderOfNotification } from './notifier.ts';

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

/**
 * The page a click on a notice opens, relative to the extension's root: a part's notice
 * opens its page, an order's opens the order in a popup tab, anything else the orders list.
 */
export function pageForNotification(notificationId: string): string {
  for (const pages of parts) {
    const page = pages(notificationId);
    if (page) return page;
  }
  const localId = orderOfNotification(notificationId);
  return `src/popup/index.html${localId ? `#order=${encodeURIComponent(localId)}` : ''}`;
}
