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
 * Installs Walmart's reader: the product in `script#__NEXT_DATA__`; JSON-LD (Product,
 * or ProductGroup with variants) is the fallback. Availability comes from data only,
 * never from page text: the store-pickup widgets say "Out of stock" for one store
 * while the item ships. Self-contained, as it is serialised into the page.
 */
export function installWalmartReader(): void {
  const holder = globalThis as PageReaderGlobal;
  holder.__buylinePageReaders ??= { kit: {}, readers: {} } as PageReaderSpace;
  type Node = Record<string, unknown>;

  const at = (value: unknown, ...path: string[]): unknown =>
    path.reduce<unknown>(
      (node, key) => (typeof node === 'object' && node !== null ? (node as Node)[key] : undefined),
      value,
    );

  function priceOf(product: unknown, kit: PageKit, currency: string): Price | null | undefined {
    const current = at(product, 'priceInfo', 'currentPrice');
    const found =
      kit.priceOfAmount(at(current, 'price'), at(current, 'currencyUnit'), currency) ??
      kit.parsePrice(kit.text(at(current, 'priceString')), currency);
    if (found) return found;
    // A product with variants and none chosen shows "$12.99 - $15.99".
    const range = at(product, 'priceInfo', 'priceRange');
    const low = at(range, 'minPrice');
    const high = at(range, 'maxPrice');
    return low !== undefined && high !== undefined && low !== high ? null : undefined;
  }

  function availabilityOf(status: unknown): Availability | undefined {
    if (typeof status !== 'string' || status === '') return undefined;
    if (/^(IN_STOCK|LIMITED_STOCK|AVAILABLE)$/i.test(status)) return 'in_stock';
    if (/OUT_OF_STOCK|NOT_AVAILABLE|UNAVAILABLE|RETIRED|DISCONTINUED/i.test(status))
      return 'out_of_stock';
    return 'unknown';
  }

  holder.__buylinePageReaders.readers.walmart = (
    doc: Document,
    context: PageContext,
    kit: PageKit,
  ): Reading => {
    const data = kit.json(doc.querySelector('script#__NEXT_DATA__'));
    const product = at(data, 'props', 'pageProps', 'initialData', 'data', 'product');
    const images = at(product, 'imageInfo', 'allImages');
    const firstImage = Array.isArray(images) ? at(images[0], 'url') : undefined;
    return {
      title: kit.text(at(product, 'name')) ?? kit.textAt(doc, 'h1#main-title, h1[itemprop="name"]'),
      price: product ? priceOf(product, kit, context.currency) : undefined,
      availability: availabilityOf(at(product, 'availabilityStatus')),
      image: kit.text(at(product, 'imageInfo', 'thumbnailUrl')) ?? kit.text(firstImage),
    };
  };
}
