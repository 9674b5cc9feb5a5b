import { isNode, jsonAt, type Node, text, textAt } from './kit/page-text.ts';
import { priceOfAmount } from './kit/price-text.ts';
import type { Availability, Price, Reader } from './types.ts';

/**
 * Home Depot's reader. JSON-LD carries the price but not availability, which
 * is in the Apollo cache the page embeds (`window.__APOLLO_STATE__ = {…}`): the
 * product's `availabilityType` (`buyable`, `discontinued`).
 */

/** The Apollo cache's entries: the object assigned to window.__APOLLO_STATE__. */
function apolloEntries(doc: Document): Node[] {
  for (const script of Array.from(doc.scripts ?? doc.querySelectorAll('script'))) {
    if (script.hasAttribute('src')) continue;
    const source = script.textContent ?? '';
    const start = source.indexOf('__APOLLO_STATE__');
    if (start < 0) continue;
    const open = source.indexOf('{', start);
    const state = open >= 0 ? jsonAt(source, open) : undefined;
    if (isNode(state)) return Object.values(state).filter(isNode);
  }
  return [];
}

/** The page's product among the cache's entries: by item id, or the only one. */
function productOf(entries: Node[], id: string | undefined): Node | undefined {
  const products = entries.filter((entry) => isNode(entry.availabilityType));
  return (
    products.find((entry) => id !== undefined && String(entry.itemId) === id) ??
    (products.length === 1 ? products[0] : undefined)
  );
}

function availabilityOf(product: Node | undefined): Availability | undefined {
  const type = product?.availabilityType;
  if (!isNode(type)) return undefined;
  if (type.discontinued === true || type.buyable === false) return 'out_of_stock';
  return type.buyable === true ? 'in_stock' : 'unknown';
}

/** `value` is the price to pay, while the item can be bought; `original` is the struck one. */
function priceOf(product: Node | undefined, currency: string): Price | undefined {
  const pricing = product?.pricing;
  if (!isNode(pricing) || availabilityOf(product) !== 'in_stock') return undefined;
  return priceOfAmount(pricing.value, undefined, currency);
}

/** The first media image; its address holds a <SIZE> placeholder for the size wanted. */
function imageOf(product: Node | undefined): string | undefined {
  const media = product?.media;
  const images = isNode(media) && Array.isArray(media.images) ? media.images : [];
  const url = isNode(images[0]) ? text(images[0].url) : undefined;
  return url?.replace('<SIZE>', '1000');
}

export const readHomeDepot: Reader = (doc, context, fallback) => {
  const product = productOf(apolloEntries(doc), context.productId);
  const title =
    product && isNode(product.identifiers) ? product.identifiers.productLabel : undefined;
  return {
    title: text(title) ?? textAt(doc, 'h1.product-details__title, .product-details__title h1'),
    // JSON-LD's price first; its null (a range) stands.
    price: fallback.price !== undefined ? fallback.price : priceOf(product, context.currency),
    availability: availabilityOf(product),
    image: fallback.image ?? imageOf(product),
  };
};
