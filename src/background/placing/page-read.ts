import { pageContextOf } from '../../page-readers/page-context.ts';
import {
  PAGE_READER_SCRIPT,
  type PageContext,
  type PageReaderGlobal,
} from '../../page-readers/types.ts';
import { browser } from '../../shared/browser.ts';
import { checkedPageDetails, type PageDetails } from '../../shared/page-details.ts';

const NOTHING_READ: PageDetails = { availability: 'unknown' };

/** Injected after the reader script: reads the page with it. Self-contained, as it is serialised. */
function readInPage(context: PageContext): PageDetails | undefined {
  return (globalThis as PageReaderGlobal).__buylineReadPage?.(context);
}

/**
 * Reads the product page in a tab with the reader script; what comes back is checked, as
 * the page could have changed it. A page that cannot be read reads as nothing: the
 * address's product id is enough to order.
 */
export async function readPageInTab(tabId: number): Promise<PageDetails> {
  try {
    const tab = await browser.tabs.get(tabId);
    const context = pageContextOf(tab.url);
    if (!context) return NOTHING_READ;
    const target = { tabId };
    await browser.scripting.executeScript({ target, files: [PAGE_READER_SCRIPT] });
    const [result] = await browser.scripting.executeScript({
      target,
      func: readInPage,
      args: [context],
    });
    return checkedPageDetails(result?.result);
  } catch {
    return NOTHING_READ;
  }
}
