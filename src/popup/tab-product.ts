import { pageContextOf } from '../page-readers/page-context.ts';
import { PAGE_READER_INSTALLERS, runPageReaders } from '../page-readers/registry.ts';
import { browser } from '../shared/browser.ts';
import { checkedPageDetails, type PageDetails } from '../shared/page-details.ts';
import { type DetectedProduct, detectProduct } from '../shared/retailer-registry.ts';

export interface TabProduct {
  url?: string;
  product: DetectedProduct | null;
  details: PageDetails;
}

/**
 * The product in the active tab. The URL and the page are readable under activeTab
 * (granted by the click on the toolbar button); a page that cannot be read still
 * gives its product id from the URL.
 */
export async function readTabProduct(): Promise<TabProduct> {
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  const url = tab?.url;
  const product = url ? detectProduct(url) : null;
  const context = url ? pageContextOf(url) : undefined;
  let details: PageDetails = { availability: 'unknown' };
  if (product && context && tab?.id !== undefined) {
    const target = { tabId: tab.id };
    try {
      // Each reader module is injected on its own (see src/page-readers/registry.ts),
      // then the run, with the context as plain data.
      await Promise.all(
        PAGE_READER_INSTALLERS.map((func) => browser.scripting.executeScript({ target, func })),
      );
      const [result] = await browser.scripting.executeScript({
        target,
        func: runPageReaders,
        args: [context],
      });
      details = checkedPageDetails(result?.result);
    } catch {
      // Without access to the page, the product id from the URL is enough to order.
    }
  }
  return url ? { url, product, details } : { product, details };
}
