import { isRetailerCode, RETAILERS } from '../../src/api/retailers.ts';
import { findProduct, loadCatalog } from './catalog.ts';

/**
 * The address of a product page on the real storefront, in the form each storefront
 * uses: the ASIN after /dp/ on the amazon family, and the item number with the
 * product's words elsewhere (costco in its legacy or its newer form, as the page is). The sandbox serves these pages when a browser is routed
 * to it (sandbox/browser, /demo/page).
 */
export function productPageUrl(retailer: string, productId: string): string {
  if (!isRetailerCode(retailer)) throw new Error(`Unknown retailer code: ${retailer}`);
  const product = findProduct(loadCatalog(), retailer, productId);
  const slug = product?.slug ?? 'item';
  const id = encodeURIComponent(productId);
  switch (retailer) {
    case 'walmart':
      return `https://www.walmart.com/ip/${slug}/${id}`;
    case 'costco':
      // Costco's newer pages live at /p/-/<slug>/<id>, its legacy ones at …product.<id>.html.
      return product?.page === 'costco_new'
        ? `https://www.costco.com/p/-/${slug}/${id}`
        : `https://www.costco.com/${slug}.product.${id}.html`;
    case 'homedepot':
      return `https://www.homedepot.com/p/${slug}/${id}`;
    case 'aliexpress':
      return `https://www.aliexpress.com/item/${id}.html`;
    default:
      return `https://www.${RETAILERS[retailer].storefront}/dp/${id}`;
  }
}
