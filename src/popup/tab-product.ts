import type { PageDetails } from '../shared/page-details.ts';
import type { DetectedProduct } from '../shared/retailer-registry.ts';
import type { Connector } from '../ui/connector.ts';
import { activeTab } from './active-tab.ts';

export interface TabProduct {
  url?: string;
  product: DetectedProduct | null;
  details: PageDetails;
}

/**
 * The product in the active tab: from its address (readable under activeTab, granted by
 * the click on the toolbar button), then the page itself, read by the background.
 */
export async function readTabProduct(connector: Connector): Promise<TabProduct> {
  const { url, product, tabId } = await activeTab();
  const details: PageDetails =
    product && tabId !== undefined
      ? await connector.call('page.read', { tabId }).catch(() => ({ availability: 'unknown' }))
      : { availability: 'unknown' };
  return url ? { url, product, details } : { product, details };
}
