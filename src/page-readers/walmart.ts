import { at, parseJson, text, textAt } from './kit/page-text.ts';
import { isRange, parsePrice, priceOfAmount } from './kit/price-text.ts';
import type { Availability, Price, Reader } from './types.ts';

/**
 * Walmart's reader: the product in `script#__NEXT_DATA__`. Availability comes from data
 * only: store-pickup widgets say "Out of stock" for one store while the item ships.
 */

function priceOf(product: unknown, currency: string): Price | null | undefined {
  const current = at(product, 'priceInfo', 'currentPrice');
  const found =
    priceOfAmount(at(current, 'price'), at(current, 'currencyUnit'), currency) ??
    parsePrice(text(at(current, 'priceString')), currency);
  if (found) return found;
  // A product with variants and none chosen shows "$12.99 - $15.99".
  const range = at(product, 'priceInfo', 'priceRange');
  return isRange(at(range, 'minPrice'), at(range, 'maxPrice')) ? null : undefined;
}

function availabilityOf(status: unknown): Availability | undefined {
  if (typeof status !== 'string' || status === '') return undefined;
  if (/^(IN_STOCK|LIMITED_STOCK|AVAILABLE)$/i.test(status)) return 'in_stock';
  if (/OUT_OF_STOCK|NOT_AVAILABLE|UNAVAILABLE|RETIRED|DISCONTINUED/i.test(status))
    return 'out_of_stock';
  return 'unknown';
}

export const readWalmart: Reader = (doc, context) => {
  const data = parseJson(doc.querySelector('script#__NEXT_DATA__')?.textContent);
  const product = at(data, 'props', 'pageProps', 'initialData', 'data', 'product');
  return {
    title: text(at(product, 'name')) ?? textAt(doc, 'h1#main-title, h1[itemprop="name"]'),
    price: product ? priceOf(product, context.currency) : undefined,
    availability: availabilityOf(at(product, 'availabilityStatus')),
    image:
      text(at(product, 'imageInfo', 'thumbnailUrl')) ??
      text(at(product, 'imageInfo', 'allImages', '0', 'url')),
  };
};
