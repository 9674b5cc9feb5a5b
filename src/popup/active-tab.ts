import { browser } from '../shared/browser.ts';
import { type DetectedProduct, detectProduct } from '../shared/retailer-registry.ts';

type ActiveTab = { url?: string; tabId?: number; product: DetectedProduct | null };

/** The active tab: its id, address and the product the address names. */
export async function activeTab(): Promise<ActiveTab> {
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  const url = tab?.url;
  return {
    ...(url ? { url } : {}),
    ...(tab?.id !== undefined ? { tabId: tab.id } : {}),
    product: url ? detectProduct(url) : null,
  };
}

/**
 * The product of the active tab from its address alone: quick, so the order form can
 * be shown while the page itself is still being read (tab-product.ts).
 */
export async function activeTabProduct(): Promise<{
  url?: string;
  product: DetectedProduct | null;
}> {
  const { url, product } = await activeTab();
  return url ? { url, product } : { product };
}
