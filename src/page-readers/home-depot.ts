import { at, isNode, jsonAt, type Node, text, textAt } from './kit/page-text.ts';
import { priceOfAmount } from './kit/price-text.ts';
import type { Availability, Reader } from './types.ts';

/**
 * Home Depot's reader. JSON-LD carries the price but not availability, which is the
 * product's `availabilityType` in the Apollo cache (`window.__APOLLO_STATE__`).
 */
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
  const type = at(product, 'availabilityType');
  if (!isNode(type)) return undefined;
  if (type.discontinued === true || type.buyable === false) return 'out_of_stock';
  return type.buyable === true ? 'in_stock' : 'unknown';
}

export const readHomeDepot: Reader = (doc, context, fallback) => {
  const product = productOf(apolloEntries(doc), context.productId);
  const availability = availabilityOf(product);
  // `value` is the price to pay while the item can be bought (`original` is the struck one).
  const value = availability === 'in_stock' ? at(product, 'pricing', 'value') : undefined;
  // The first media image's address holds a <SIZE> placeholder for the size wanted.
  const image = text(at(product, 'media', 'images', '0', 'url'))?.replace('<SIZE>', '1000');
  return {
    title:
      text(at(product, 'identifiers', 'productLabel')) ??
      textAt(doc, 'h1.product-details__title, .product-details__title h1'),
    // JSON-LD's price first; its null (a range) stands.
    price:
      fallback.price !== undefined
        ? fallback.price
        : priceOfAmount(value, undefined, context.currency),
    availability,
    image: fallback.image ?? image,
  };
};
