/**
 * What a product page says about itself, read by `readPageDetails` inside the page
 * (scripting.executeScript under activeTab). The function is serialised into the page,
 * so it must be self-contained: no imports, no outer variables.
 */
export interface PageDetails {
  title?: string;
  /** A decimal string as the page gives it, e.g. "19.99". */
  price?: string;
  currency?: string;
  image?: string;
  availability?: 'in_stock' | 'out_of_stock' | 'unknown';
  canonical?: string;
}

export function readPageDetails(): PageDetails {
  // Filled from several sources, some missing; the undefined ones are dropped at the end.
  const details: { [K in keyof PageDetails]?: PageDetails[K] | undefined } = {};
  const text = (value: unknown) =>
    typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  const meta = (name: string) =>
    text(
      document
        .querySelector(`meta[property="${name}"], meta[name="${name}"]`)
        ?.getAttribute('content'),
    );

  // JSON-LD Product, also inside @graph and arrays; offers as object, array or AggregateOffer.
  const isProduct = (node: Record<string, unknown>) => {
    const type = node['@type'];
    return type === 'Product' || (Array.isArray(type) && type.includes('Product'));
  };
  const findProduct = (node: unknown, depth: number): Record<string, unknown> | undefined => {
    if (depth > 5 || typeof node !== 'object' || node === null) return undefined;
    if (Array.isArray(node)) {
      for (const item of node) {
        const found = findProduct(item, depth + 1);
        if (found) return found;
      }
      return undefined;
    }
    const record = node as Record<string, unknown>;
    if (isProduct(record)) return record;
    return findProduct(record['@graph'], depth + 1);
  };
  let product: Record<string, unknown> | undefined;
  for (const script of Array.from(
    document.querySelectorAll('script[type="application/ld+json"]'),
  )) {
    try {
      product = findProduct(JSON.parse(script.textContent ?? ''), 0);
    } catch {
      // A broken block on the page is not ours to fix; the next source may do.
    }
    if (product) break;
  }
  if (product) {
    details.title = text(product.name);
    const image = Array.isArray(product.image) ? product.image[0] : product.image;
    details.image = text(
      typeof image === 'object' && image !== null ? (image as Record<string, unknown>).url : image,
    );
    const offers = Array.isArray(product.offers) ? product.offers[0] : product.offers;
    if (typeof offers === 'object' && offers !== null) {
      const offer = offers as Record<string, unknown>;
      const price = offer.price ?? offer.lowPrice;
      details.price = typeof price === 'number' ? String(price) : text(price);
      details.currency = text(offer.priceCurrency);
      const availability = text(offer.availability);
      if (availability)
        details.availability = /InStock|LimitedAvailability|PreOrder/i.test(availability)
          ? 'in_stock'
          : /OutOfStock|SoldOut|Discontinued/i.test(availability)
            ? 'out_of_stock'
            : 'unknown';
    }
  }
  details.title ??= meta('og:title') ?? text(document.title);
  details.image ??= meta('og:image');
  details.price ??= meta('product:price:amount') ?? meta('og:price:amount');
  details.currency ??= meta('product:price:currency') ?? meta('og:price:currency');
  const canonical =
    document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? meta('og:url');
  if (canonical) details.canonical = canonical;
  for (const key of Object.keys(details) as (keyof PageDetails)[])
    if (details[key] === undefined) delete details[key];
  return details as PageDetails;
}

/** Page price "19.99" → 1999 cents; undefined when it is not a price. */
export function priceToCents(price: string | undefined): number | undefined {
  if (!price) return undefined;
  const normalised = price.replace(/[^\d.,]/g, '');
  // "1.234,56" and "1,234.56" both mean 1234.56: the last separator is the decimal one.
  const lastSeparator = Math.max(normalised.lastIndexOf('.'), normalised.lastIndexOf(','));
  const decimals =
    lastSeparator >= 0 && normalised.length - lastSeparator - 1 <= 2
      ? normalised.slice(lastSeparator + 1)
      : '';
  const whole = (decimals ? normalised.slice(0, lastSeparator) : normalised).replace(/[.,]/g, '');
  if (whole === '' && decimals === '') return undefined;
  const cents = Number(whole || '0') * 100 + Number(decimals.padEnd(2, '0') || '0');
  return Number.isFinite(cents) ? cents : undefined;
}
