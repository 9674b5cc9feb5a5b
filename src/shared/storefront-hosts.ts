import { RETAILER_CODES, RETAILERS, type RetailerCode } from '../api/retailers.ts';

/** Storefront host (without subdomains) → retailer. AliExpress serves US buyers on its own. */
export const STOREFRONT_HOSTS: Readonly<Record<string, RetailerCode>> = {
  ...Object.fromEntries(RETAILER_CODES.map((code) => [RETAILERS[code].storefront, code])),
  'aliexpress.us': 'aliexpress',
};

/**
 * Host patterns of every storefront Buyline recognises. The shipped manifest does
 * not request them (activeTab is enough when the user clicks the toolbar button);
 * only test builds add them, see vite.config.ts.
 */
export const STOREFRONT_HOST_PATTERNS = Object.keys(STOREFRONT_HOSTS).map(
  (host) => `https://*.${host}/*`,
);
