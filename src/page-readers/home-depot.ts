import type {
  Availability,
  PageContext,
  PageKit,
  PageReaderGlobal,
  PageReaderSpace,
  Price,
  Reading,
} from './types.ts';

/**
 * Installs Home Depot's reader. JSON-LD carries the price but not availability, which
 * is in the Apollo cache the page embeds (`window.__APOLLO_STATE__ = {…}`): the
 * product's `availabilityType` (`buyable`, `discontinued`). Self-contained, as it is
 * serialised into the page.
 */
export function installHomeDepotReader(): void {
  const holder = globalThis as PageReaderGlobal;
  holder.__buylinePageReaders ??= { kit: {}, readers: {} } as PageReaderSpace;
  type Node = Record<string, unknown>;

  const isNode = (value: unknown): value is Node =>
    typeof value === 'object' && value !== null && !Array.isArray(value);

  /** The JSON object that starts at `open`, whatever code follows it in the script. */
  function objectAt(source: string, open: number): string {
    let depth = 0;
    let quoted = false;
    for (let index = open; index < source.length; index++) {
      const char = source[index];
      if (quoted) {
        if (char === '\\') index++;
        else if (char === '"') quoted = false;
      } else if (char === '"') quoted = true;
      else if (char === '{') depth++;
      else if (char === '}' && --depth === 0) return source.slice(open, index + 1);
    }
    return '';
  }

  /** The Apollo cache's entries: the object assigned to window.__APOLLO_STATE__. */
  function apolloEntries(doc: Document, kit: PageKit): Node[] {
    for (const script of Array.from(doc.scripts ?? doc.querySelectorAll('script'))) {
      if (script.hasAttribute('src')) continue;
      const source = script.textContent ?? '';
      const start = source.indexOf('__APOLLO_STATE__');
      if (start < 0) continue;
      const open = source.indexOf('{', start);
      const state = open >= 0 ? kit.parseJson(objectAt(source, open)) : undefined;
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
  function priceOf(product: Node | undefined, kit: PageKit, currency: string): Price | undefined {
    const pricing = product?.pricing;
    if (!isNode(pricing) || availabilityOf(product) !== 'in_stock') return undefined;
    return kit.priceOfAmount(pricing.value, undefined, currency);
  }

  /** The first media image; its address holds a <SIZE> placeholder for the size wanted. */
  function imageOf(product: Node | undefined, kit: PageKit): string | undefined {
    const media = product?.media;
    const images = isNode(media) && Array.isArray(media.images) ? media.images : [];
    const url = isNode(images[0]) ? kit.text(images[0].url) : undefined;
    return url?.replace('<SIZE>', '1000');
  }

  holder.__buylinePageReaders.readers.homedepot = (
    doc: Document,
    context: PageContext,
    kit: PageKit,
    fallback: Reading,
  ): Reading => {
    const product = productOf(apolloEntries(doc, kit), context.productId);
    const title =
      product && isNode(product.identifiers) ? product.identifiers.productLabel : undefined;
    return {
      title:
        kit.text(title) ?? kit.textAt(doc, 'h1.product-details__title, .product-details__title h1'),
      // JSON-LD's price first; its null (a range) stands.
      price:
        fallback.price !== undefined ? fallback.price : priceOf(product, kit, context.currency),
      availability: availabilityOf(product),
      image: fallback.image ?? imageOf(product, kit),
    };
  };
}
