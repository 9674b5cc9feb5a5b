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
 * Installs Costco's reader. Legacy pages (`….product.<id>.html`) carry Open Graph and
 * product meta (`og:price` among them); newer ones (`/p/-/<slug>/<id>`) are rendered by
 * React Server Components, their product in the flight data, sometimes with JSON-LD.
 * The served "Your Price" is often a placeholder ("--", "- -.- -") filled in later by
 * script, or hidden until sign-in: then the page shows no price, whatever else it
 * carries. Self-contained, as it is serialised into the page.
 */
export function installCostcoReader(): void {
  const holder = globalThis as PageReaderGlobal;
  holder.__buylinePageReaders ??= { kit: {}, readers: {} } as PageReaderSpace;
  type Node = Record<string, unknown>;

  const YOUR_PRICE =
    '[automation-id="productPriceOutput"], #pull-right-price .value, .your-price .value, [data-testid="Text_YourPrice"]';
  // The price to pay first; list, was and unit prices are never read.
  const PRICE_KEYS = [
    'yourPrice',
    'finalOnlinePrice',
    'finalPrice',
    'salePrice',
    'sellingPrice',
    'currentPrice',
    'onlinePrice',
    'price',
  ];
  const HOLDERS = [
    'pricing',
    'priceData',
    'priceInfo',
    'priceDetails',
    'prices',
    'offers',
    'offer',
  ];
  const ID_KEYS = ['itemNumber', 'productId', 'partNumber', 'sku', 'itemId', 'productID', 'id'];
  const isNode = (value: unknown): value is Node =>
    typeof value === 'object' && value !== null && !Array.isArray(value);

  /** The price shown on the page: legacy "Your Price", or the new page's price of this id. */
  function shownPrice(doc: Document, context: PageContext, kit: PageKit) {
    const id = context.productId;
    const own =
      id && /^[\w-]+$/.test(id) ? doc.querySelector(`[data-testid="Text_Price_${id}"]`) : null;
    const value = doc.querySelector(YOUR_PRICE) ?? own;
    if (!value) return undefined;
    const shown = kit.text(value.textContent);
    // The currency sign sits in its own span before the value on legacy pages.
    const sign = kit.textAt(value.parentElement ?? value, '.currency') ?? '';
    const parsed =
      shown && /\d/.test(shown) ? kit.parsePrice(`${sign}${shown}`, context.currency) : undefined;
    return parsed ?? kit.parsePrice(shown, context.currency) ?? null;
  }

  /** An amount as data gives it: a number, a decimal string, or { amount, currency }. */
  function amountOf(value: unknown, kit: PageKit, currency: string): Price | null | undefined {
    if (isNode(value)) {
      const code = value.currency ?? value.currencyCode ?? value.priceCurrency ?? currency;
      return amountOf(value.amount ?? value.value ?? value.price, kit, String(code));
    }
    if (typeof value === 'string' && !/\d/.test(value)) return null;
    if (value === null || value === undefined) return undefined;
    return kit.priceOfAmount(value, currency, currency) ?? null;
  }

  /** One product node's price to pay; null for a range or a placeholder. */
  function nodePrice(
    node: Node,
    kit: PageKit,
    currency: string,
    depth = 0,
  ): Price | null | undefined {
    if (depth > 3) return undefined;
    const code = typeof node.priceCurrency === 'string' ? node.priceCurrency : currency;
    for (const [low, high] of [
      ['lowPrice', 'highPrice'],
      ['minPrice', 'maxPrice'],
    ] as const)
      if (
        node[low] !== undefined &&
        node[high] !== undefined &&
        String(node[low]) !== String(node[high])
      )
        return null;
    for (const key of PRICE_KEYS) if (key in node) return amountOf(node[key], kit, code);
    for (const key of HOLDERS) {
      const held = Array.isArray(node[key]) ? (node[key] as unknown[]) : [node[key]];
      const prices = held.filter(isNode).map((item) => nodePrice(item, kit, code, depth + 1));
      if (prices.includes(null)) return null;
      const known = prices.filter((price): price is Price => price !== undefined);
      if (known.some((price) => price.amount !== known[0]?.amount)) return null;
      if (known[0]) return known[0];
    }
    return undefined;
  }

  /** The one price all these agree on; null when one is a placeholder or they differ. */
  function agreed(prices: (Price | null)[]): Price | null | undefined {
    if (prices.includes(null)) return null;
    const first = prices[0];
    if (!first) return undefined;
    return prices.every((price) => price?.amount === first.amount) ? first : null;
  }

  /**
   * The flight data's price of this product: the nodes naming its id, else the
   * schema.org Product nodes (their sku may be the item number, not the page's id).
   * They must all agree, else there is no one price to pay.
   */
  function flightPrice(doc: Document, context: PageContext, kit: PageKit) {
    const named: (Price | null)[] = [];
    const products: (Price | null)[] = [];
    const visit = (value: unknown, depth: number) => {
      if (depth > 40 || typeof value !== 'object' || value === null) return;
      if (isNode(value)) {
        const names = ID_KEYS.some(
          (key) => context.productId !== undefined && String(value[key]) === context.productId,
        );
        const into = names ? named : value['@type'] === 'Product' ? products : undefined;
        const price = into ? nodePrice(value, kit, context.currency) : undefined;
        if (into && price !== undefined) into.push(price);
      }
      for (const item of Object.values(value)) visit(item, depth + 1);
    };
    for (const row of kit.flight(doc)) visit(row, 0);
    return named.length > 0 ? agreed(named) : agreed(products);
  }

  function price(doc: Document, context: PageContext, kit: PageKit): Price | null | undefined {
    const shown = shownPrice(doc, context, kit);
    if (shown !== undefined) return shown;
    const data = flightPrice(doc, context, kit);
    if (data !== undefined) return data;
    // Legacy pages name their price `og:price`; the structured reading knows the others.
    return kit.priceOfAmount(
      kit.meta(doc, 'og:price'),
      kit.meta(doc, 'og:price:currency') ?? kit.meta(doc, 'og:currency'),
      context.currency,
    );
  }

  function availability(doc: Document, kit: PageKit): Availability | undefined {
    const button = doc.querySelector(
      '#add-to-cart-btn, [automation-id="addToCartButton"], [data-testid="Button_AddToCart"]',
    );
    if (!button) return undefined;
    const label = kit.text(button.getAttribute('value')) ?? kit.text(button.textContent) ?? '';
    if (/out of stock|sold out|unavailable/i.test(label)) return 'out_of_stock';
    // A button the buyer can press to add the item is the page saying it sells it.
    if (/add to cart/i.test(label) && !button.hasAttribute('disabled')) return 'in_stock';
    return undefined;
  }

  holder.__buylinePageReaders.readers.costco = (
    doc: Document,
    context: PageContext,
    kit: PageKit,
  ): Reading => ({
    title: kit.textAt(
      doc,
      'h1[automation-id="productName"], h1[itemprop="name"], h1[data-testid="Text_ProductName"]',
    ),
    price: price(doc, context, kit),
    availability: availability(doc, kit),
  });
}
