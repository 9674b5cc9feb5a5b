import { browser, type Tabs } from '../shared/browser.ts';
import type { PageDetails } from '../shared/page-details.ts';
import { type DetectedProduct, detectProduct } from '../shared/retailer-registry.ts';
import type { Connector } from '../ui/connector.ts';

export interface TabProduct {
  url?: string;
  product: DetectedProduct | null;
  details: PageDetails;
}

/** The active tab's id, address and product: quick, so the form shows before the page is read. */
export async function activeTab(): Promise<ReturnType<typeof productOf>> {
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return productOf(tab);
}

/** A tab's id, address and the product its address names. */
export function productOf(
  tab: Tabs.Tab | undefined,
): Omit<TabProduct, 'details'> & { tabId?: number } {
  const url = tab?.url;
  return {
    ...(url ? { url } : {}),
    ...(tab?.id !== undefined ? { tabId: tab.id } : {}),
    product: url ? detectProduct(url) : null,
  };
}

/**
 * The product in the active tab, then the page itself, read by the background under
 * activeTab. `opened`: the tab as the popup read it when it opened, not asked for again.
 */
export async function readTabProduct(
  connector: Connector,
  opened?: ReturnType<typeof productOf>,
): Promise<TabProduct> {
  const { url, product, tabId } = opened?.tabId !== undefined ? opened : await activeTab();
  const details: PageDetails =
    product && tabId !== undefined
      ? await connector.call('page.read', { tabId }).catch(() => ({ availability: 'unknown' }))
      : { availability: 'unknown' };
  return url ? { url, product, details } : { product, details };
}
