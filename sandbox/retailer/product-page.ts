import { isRetailerCode, RETAILERS, type RetailerCode } from '../../src/api/retailers.ts';
import { type CatalogProduct, findProduct, loadCatalog, type Offer } from './catalog.ts';
import { escapeHtml } from './html.ts';
import { productPageUrl } from './product-url.ts';

const LOCALES: Record<RetailerCode, string> = {
  amazon: 'en-US',
  amazon_uk: 'en-GB',
  amazon_ca: 'en-CA',
  amazon_de: 'de-DE',
  amazon_mx: 'es-MX',
  walmart: 'en-US',
  costco: 'en-US',
  homedepot: 'en-US',
  aliexpress: 'en-US',
};

/** The product's language where the storefront's is not English. */
const TITLE_LANGUAGES: Partial<Record<RetailerCode, string>> = { amazon_de: 'de', amazon_mx: 'es' };

/** The <title> each storefront gives its product pages. */
function pageTitle(product: CatalogProduct): string {
  const { title, retailer } = product;
  switch (retailer) {
    case 'walmart':
      return `${title} - Walmart.com`;
    case 'costco':
      return `${title} | Costco`;
    case 'homedepot':
      return `${title} - The Home Depot`;
    case 'aliexpress':
      return `${title} - AliExpress`;
    default: {
      const host = RETAILERS[retailer].storefront;
      return `${host.charAt(0).toUpperCase()}${host.slice(1)}: ${title}`;
    }
  }
}

function display(cents: number, product: CatalogProduct): string {
  return new Intl.NumberFormat(LOCALES[product.retailer], {
    style: 'currency',
    currency: product.currency,
  }).format(cents / 100);
}

/** The decimal price that structured data carries: "19.99". */
const decimal = (cents: number) => (cents / 100).toFixed(2);

function schemaCondition(offer: Offer): string {
  if (offer.condition === 'New') return 'https://schema.org/NewCondition';
  if (offer.condition === 'Refurbished') return 'https://schema.org/RefurbishedCondition';
  return 'https://schema.org/UsedCondition';
}

function structuredData(product: CatalogProduct, offer: Offer, inStock: boolean, url: string) {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    sku: product.product_id,
    productID: product.product_id,
    image: product.image,
    offers: {
      '@type': 'Offer',
      url,
      price: decimal(offer.price),
      priceCurrency: product.currency,
      availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: schemaCondition(offer),
      seller: { '@type': 'Organization', name: offer.seller_name },
    },
  };
  // "<" escaped keeps a title such as "</script>" from ending the block.
  return `<script type="application/ld+json">${JSON.stringify(data, null, 2).replace(/</g, '\\u003c')}</script>`;
}

function openGraph(product: CatalogProduct, offer: Offer, url: string): string {
  const tags: [string, string][] = [
    ['og:type', 'product'],
    ['og:title', product.title],
    ['og:image', product.image],
    ['og:url', url],
    ['product:price:amount', decimal(offer.price)],
    ['product:price:currency', product.currency],
  ];
  return tags
    .map(([property, content]) => `<meta property="${property}" content="${escapeHtml(content)}">`)
    .join('\n    ');
}

function offerRows(product: CatalogProduct): string {
  return [...product.offers]
    .sort((a, b) => a.price - b.price)
    .map((offer) => {
      const notes = [
        offer.buy_box ? 'featured' : '',
        offer.prime ? 'prime' : '',
        offer.international ? 'ships from abroad' : '',
        offer.addon ? 'add-on item' : '',
      ].filter(Boolean);
      return `<tr>
            <td>${escapeHtml(offer.seller_name)}${notes.length > 0 ? ` <span class="note">(${notes.join(', ')})</span>` : ''}</td>
            <td>${escapeHtml(offer.condition)}</td>
            <td class="amount">${escapeHtml(display(offer.price, product))}</td>
            <td>${offer.stock > 0 ? 'In stock' : 'Out of stock'}</td>
          </tr>`;
    })
    .join('\n          ');
}

function shippingItems(product: CatalogProduct): string {
  return product.shipping
    .map(
      (option) =>
        `<li>${escapeHtml(option.name)}: ${option.days} day${option.days === 1 ? '' : 's'}, ${option.free ? 'free' : escapeHtml(display(option.price, product))}</li>`,
    )
    .join('\n          ');
}

/**
 * A product page of the catalog as its storefront would serve it: a <title>, a
 * canonical link at the real storefront address, Open Graph tags and a JSON-LD
 * Product, except where the catalog says the page carries only Open Graph, or
 * neither, so that the extension's page reader meets every kind of page.
 */
export function renderProductPage(retailer: string, productId: string): string | undefined {
  if (!isRetailerCode(retailer)) return undefined;
  const product = findProduct(loadCatalog(), retailer, productId);
  if (!product) return undefined;
  const offer = product.offers.find((candidate) => candidate.buy_box) ?? product.offers[0];
  if (!offer) return undefined;
  const url = productPageUrl(retailer, productId);
  const inStock = product.offers.some((candidate) => candidate.stock > 0);
  const storefront = RETAILERS[retailer].storefront;
  const language = TITLE_LANGUAGES[retailer];
  const lang = language ? ` lang="${language}"` : '';
  const title = escapeHtml(product.title);
  const head = [
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    product.page === 'bare' ? '' : openGraph(product, offer, url),
    product.page === 'full' ? structuredData(product, offer, inStock, url) : '',
  ].filter(Boolean);

  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${escapeHtml(pageTitle(product))}</title>
    ${head.join('\n    ')}
    <style>
      body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: #1f2937; background: #f9fafb; }
      header { display: flex; gap: 12px; align-items: baseline; padding: 12px 24px; background: #111827; color: #fff; }
      header strong { font-size: 18px; }
      main { display: flex; flex-wrap: wrap; gap: 32px; max-width: 960px; margin: 32px auto; padding: 0 24px; }
      main img { width: 280px; height: 280px; border-radius: 16px; }
      section { flex: 1; min-width: 280px; }
      h1 { margin: 0 0 8px; font-size: 26px; line-height: 1.25; }
      h2 { margin: 24px 0 8px; font-size: 16px; }
      .price { margin: 0; font-size: 28px; font-weight: 700; }
      .stock { font-weight: 600; color: ${inStock ? '#15803d' : '#b91c1c'}; }
      .note { color: #6b7280; font-size: 14px; }
      table { border-collapse: collapse; width: 100%; font-size: 14px; }
      th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid #e5e7eb; }
      .amount { text-align: right; white-space: nowrap; }
      ul { margin: 0; padding-left: 20px; font-size: 14px; }
      footer { max-width: 960px; margin: 0 auto 32px; padding: 0 24px; color: #6b7280; font-size: 13px; }
    </style>
  </head>
  <body>
    <header><strong>${escapeHtml(storefront)}</strong><span class="note">Buyline sandbox storefront</span></header>
    <main>
      <img src="${escapeHtml(product.image)}" alt="${title}">
      <section>
        <h1${lang}>${title}</h1>
        <p class="price">${escapeHtml(display(offer.price, product))}</p>
        <p class="stock">${inStock ? 'In stock' : 'Currently unavailable'}</p>
        <p class="note">Sold by ${escapeHtml(offer.seller_name)} · ${offer.condition} · Item ${escapeHtml(product.product_id)}</p>
        <h2>Delivery</h2>
        <ul>
          ${shippingItems(product)}
        </ul>
        <h2>All offers</h2>
        <table>
          <thead><tr><th>Seller</th><th>Condition</th><th class="amount">Price</th><th>Stock</th></tr></thead>
          <tbody>
          ${offerRows(product)}
          </tbody>
        </table>
      </section>
    </main>
    <footer>A page of the Buyline sandbox at the address of ${escapeHtml(storefront)}: the product and its offers are simulated, and nothing here is for sale.</footer>
  </body>
</html>
`;
}
