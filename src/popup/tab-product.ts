import { browser } from '../shared/browser.ts';
import { type PageDetails, readPageDetails } from '../shared/page-details.ts';
import { type DetectedProduct, detectProduct } from '../shared/retailer-registry.ts';

export interface TabProduct {
  url?: string;
  product: DetectedProduct | null;
  details: PageDetails;
}

/**
 * The product in the active tab. The URL and the page are readable under activeTab
 * (granted by the click on the toolbar button); a page without structured data still
 * gives its product id from the URL.
 */
export async function readTabProduct(): Promise<TabProduct> {
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  const url = tab?.url;
  const product = url ? detectProduct(url) : null;
  let details: PageDetails = {};
  if (product && tab?.id !== undefined) {
    try {
      const [result] = await browser.scripting.executeScript({
        target: { tabId: tab.id },
        func: readPageDetails,
      });
      details = (result?.result as PageDetails | undefined) ?? {};
    } catch {
      // Without access to the page, the product id from the URL is enough to order.
    }
  }
  return url ? { url, product, details } : { product, details };
}
