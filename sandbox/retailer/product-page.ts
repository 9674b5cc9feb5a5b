import { RETAILERS } from '../../src/api/retailers.ts';
import { type CatalogProduct, loadCatalog } from './catalog.ts';
import { escapeHtml } from './html.ts';

/** The product page's address on the real storefront. */
export function productPageUrl(retailer: string, productId: string): string {
  const product = loadCatalog().products.find(
    (entry) => entry.retailer === retailer && entry.product_id === productId,
  );
  const slug = product?.slug ?? 'item';
  switch (retailer) {
    case 'walmart':
      return `https://www.walmart.com/ip/${slug}/${productId}`;
    case 'costco':
      return `https://www.costco.com/${slug}.product.${productId}.html`;
    case 'homedepot':
      return `https://www.homedepot.com/p/${slug}/${productId}`;
    case 'aliexpress':
      return `https://www.aliexpress.com/item/${productId}.html`;
    default: {
      const host = RETAILERS[retailer as keyof typeof RETAILERS]?.storefront ?? 'amazon.com';
      return `https://www.${host}/${slug}/dp/${productId}`;
    }
  }
}

function image(product: CatalogProduct): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240"><rect width="320" height="240" rx="16" fill="${product.color}"/><text x="160" y="130" font-family="sans-serif" font-size="20" fill="#fff" text-anchor="middle">${escapeHtml(product.title.slice(0, 24))}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** A storefront page for a catalog product, with structured data as real pages carry it. */
export function renderProductPage(retailer: string, productId: string): string | undefined {
  const product = loadCatalog().products.find(
    (entry) => entry.retailer === retailer && entry.product_id === productId,
  );
  if (!product) return undefined;
  const offer = product.offers.find((candidate) => candidate.buy_box) ?? product.offers[0];
  const price = ((offer?.price ?? 0) / 100).toFixed(2);
  const inStock = product.offers.some((candidate) => candidate.stock > 0);
  const url = productPageUrl(retailer, productId);
  const picture = image(product);
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    sku: product.product_id,
    productID: product.product_id,
    image: picture,
    offers: {
      '@type': 'Offer',
      price,
      priceCurrency: product.currency,
      availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      url,
    },
  };
  const structured =
    product.page === 'full'
      ? `<script type="application/ld+json">${JSON.stringify(jsonLd).replace(/</g, '\\u003c')}</script>`
      : '';
  const openGraph =
    product.page === 'bare'
      ? ''
      : [
          `<meta property="og:type" content="product">`,
          `<meta property="og:title" content="${escapeHtml(product.title)}">`,
          `<meta property="og:image" content="${picture}">`,
          `<meta property="og:url" content="${url}">`,
          `<meta property="product:price:amount" content="${price}">`,
          `<meta property="product:price:currency" content="${product.currency}">`,
        ].join('\n    ');
  const storefront = RETAILERS[retailer as keyof typeof RETAILERS]?.storefront ?? retailer;
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>${escapeHtml(product.title)} | ${escapeHtml(storefront)}</title>
    <link rel="canonical" href="${url}">
    ${openGraph}
    ${structured}
    <style>
      body { font-family: system-ui, sans-serif; margin: 0; color: #1f2937; }
      header { background: #111827; color: #fff; padding: 12px 24px; font-weight: 600; }
      main { display: flex; gap: 32px; padding: 32px; max-width: 960px; margin: auto; }
      .price { font-size: 28px; font-weight: 700; }
      .note { color: #6b7280; font-size: 14px; }
    </style>
  </head>
  <body>
    <header>${escapeHtml(storefront)} <span class="note">(Buyline sandbox page)</span></header>
    <main>
      <img src="${picture}" alt="${escapeHtml(product.title)}" width="320" height="240">
      <section>
        <h1>${escapeHtml(product.title)}</h1>
        <p class="price">${price} ${product.currency}</p>
        <p>${inStock ? 'In stock' : 'Currently unavailable'}</p>
        <p class="note">Sold by ${escapeHtml(offer?.seller_name ?? 'the storefront')} · ${product.offers.length} offers · product id ${product.product_id}</p>
      </section>
    </main>
  </body>
</html>
`;
}
