import { pageContextOf } from '../page-readers/page-context.ts';
import { PAGE_READER_INSTALLERS, runPageReaders } from '../page-readers/registry.ts';
import { browser } from '../shared/browser.ts';
import { checkedPageDetails, type PageDetails } from '../shared/page-details.ts';

const NOTHING_READ: PageDetails = { availability: 'unknown' };

/**
 * Reads the product page in a tab, for the popup. Each reader module is injected on
 * its own (see src/page-readers/registry.ts), then the run, with the page's context as
 * plain data; what comes back is checked, since the page could have changed it. A page
 * that cannot be read (no access, not a product page) reads as nothing: the product id
 * from the address is enough to order.
 */
export async function readPageInTab(tabId: number): Promise<PageDetails> {
  try {
    const tab = await browser.tabs.get(tabId);
    const context = tab.url ? pageContextOf(tab.url) : undefined;
    if (!context) return NOTHING_READ;
    const target = { tabId };
    await Promise.all(
      PAGE_READER_INSTALLERS.map((func) => browser.scripting.executeScript({ target, func })),
    );
    const [result] = await browser.scripting.executeScript({
      target,
      func: runPageReaders,
      args: [context],
    });
    return checkedPageDetails(result?.result);
  } catch {
    return NOTHING_READ;
  }
}
