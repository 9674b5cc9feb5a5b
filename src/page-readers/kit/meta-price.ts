/**
 * The price in a page's Open Graph product tags, which many shops (Costco's legacy
 * pages, Shopify themes, WooCommerce plugins) write in their head:
 * `product:price:amount` or `og:price:amount`, each beside its own currency tag.
 */
import type { Price } from '../types.ts';
import { meta } from './page-text.ts';
import { priceOfAmount } from './price-text.ts';

interface PriceTags {
  amount: string;
  /** The currency tags of this amount, the first present one read. */
  currency: readonly string[];
}

/** Each form's amount with its own currency tags; the first form a page carries is read. */
const PRICE_TAGS: readonly PriceTags[] = [
  { amount: 'product:price:amount', currency: ['product:price:currency'] },
  { amount: 'og:price:amount', currency: ['og:price:currency'] },
  { amount: 'og:price', currency: ['og:price:currency', 'og:currency'] },
];

/**
 * The page's Open Graph price in minor units; undefined when it carries none or the
 * one it carries is not one amount (a range, words). A form's amount is never read in
 * another form's currency: a page that names no currency is in the storefront's.
 */
export function metaPrice(doc: Document, storefrontCurrency: string): Price | undefined {
  for (const tags of PRICE_TAGS) {
    const amount = meta(doc, tags.amount);
    if (amount === undefined) continue;
    const currency = tags.currency
      .map((name) => meta(doc, name))
      .find((code) => code !== undefined);
    return priceOfAmount(amount, currency, storefrontCurrency);
  }
  return undefined;
}
