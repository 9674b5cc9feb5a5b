import { batchOfNotification, batchPagePath } from '../bulk/batch-notices.ts';
import { orderOfNotification } from './notifier.ts';

/**
 * The page a click on a notice opens, relative to the extension's root: a batch's
 * notice opens it on the Bulk orders page, an order's opens the order in a popup tab,
 * anything else the orders list.
 */
export function pageForNotification(notificationId: string): string {
  const batchId = batchOfNotification(notificationId);
  if (batchId) return batchPagePath(batchId);
  const localId = orderOfNotification(notificationId);
  return `src/popup/index.html${localId ? `#order=${encodeURIComponent(localId)}` : ''}`;
}
