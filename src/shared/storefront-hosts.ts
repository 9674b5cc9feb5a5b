/**
 * Host patterns of every storefront Buyline recognises. The shipped manifest does
 * not request them (activeTab is enough when the user clicks the toolbar button);
 * only test builds add them, see vite.config.ts.
 */
export const STOREFRONT_HOST_PATTERNS = [
  'https://*.amazon.com/*',
  'https://*.amazon.co.uk/*',
  'https://*.amazon.ca/*',
  'https://*.amazon.de/*',
  'https://*.amazon.com.mx/*',
  'https://*.walmart.com/*',
  'https://*.costco.com/*',
  'https://*.homedepot.com/*',
  'https://*.aliexpress.com/*',
  'https://*.aliexpress.us/*',
] as const;
