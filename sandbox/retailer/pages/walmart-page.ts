import { escapeHtml, scriptJson } from '../html.ts';
import { formatMoney } from './money-text.ts';
import { listPriceOf, type PageModel } from './page-model.ts';
import { PAGE_STYLE, sandboxNotes } from './sandbox-notes.ts';

const money = (cents: number) => formatMoney(cents, 'USD', 'en-US');

/** Walmart's server data: the product at props.pageProps.initialData.data.product. */
function nextData(model: PageModel): string {
  const { product, offer, inStock } = model;
  const data = {
    props: {
      pageProps: {
        initialData: {
          data: {
            product: {
              __typename: 'Product',
              usItemId: product.product_id,
              name: product.title,
              availabilityStatus: inStock ? 'IN_STOCK' : 'OUT_OF_STOCK',
              sellerName: offer.seller_name,
              priceInfo: {
                currentPrice: {
                  price: offer.price / 100,
                  priceString: money(offer.price),
                  currencyUnit: 'USD',
                },
                wasPrice: {
                  price: listPriceOf(offer.price) / 100,
                  priceString: money(listPriceOf(offer.price)),
                  currencyUnit: 'USD',
                },
                unitPrice: null,
                priceRange: { minPrice: null, maxPrice: null, priceString: null },
              },
              imageInfo: {
                thumbnailUrl: product.image,
                allImages: [{ id: 'A1', url: product.image }],
              },
              fulfillmentOptions: [
                {
                  type: 'PICKUP',
                  availabilityStatus: 'OUT_OF_STOCK',
                  storeName: 'Cambridge Supercenter',
                },
                { type: 'SHIPPING', availabilityStatus: inStock ? 'IN_STOCK' : 'OUT_OF_STOCK' },
              ],
            },
          },
        },
      },
      __N_SSP: true,
    },
    page: '/ip/[...itemId]',
    query: { itemId: [product.slug, product.product_id] },
    buildId: 'sandbox',
  };
  return `<script id="__NEXT_DATA__" type="application/json">${scriptJson(data)}</script>`;
}

function offerOf(cents: number, inStock: boolean, url: string) {
  return {
    '@type': 'Offer',
    url,
    price: cents / 100,
    priceCurrency: 'USD',
    availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    itemCondition: 'https://schema.org/NewCondition',
  };
}

/** JSON-LD: a Product, or a ProductGroup whose variants include this product and two others. */
function jsonLd(model: PageModel): string {
  const { product, offer, inStock, url } = model;
  const self = {
    '@type': 'Product',
    name: product.title,
    sku: product.product_id,
    url,
    image: product.image,
    offers: offerOf(offer.price, inStock, url),
  };
  if (product.page !== 'walmart_product_group')
    return `<script type="application/ld+json">${scriptJson({ '@context': 'https://schema.org', ...self })}</script>`;
  // Sibling variants (item numbers the catalog does not use) at other prices.
  const sibling = (delta: number, price: number, stock: boolean, size: string) => {
    const id = String(Number(product.product_id) + delta);
    const address = url.replace(product.product_id, id);
    return {
      '@type': 'Product',
      name: `${product.title}, ${size}`,
      sku: id,
      url: `${address}?selected=false`,
      image: product.image,
      offers: offerOf(price, stock, address),
    };
  };
  const group = {
    '@context': 'https://schema.org',
    '@type': 'ProductGroup',
    name: product.title.replace(/,[^,]*$/, ''),
    productGroupID: `G${product.product_id}`,
    variesBy: ['https://schema.org/size'],
    hasVariant: [
      sibling(-1, Math.max(100, offer.price - 500), true, 'Small'),
      { ...self, url: `${url}?selected=true` },
      sibling(1, offer.price + 700, false, 'Large'),
    ],
  };
  return `<script type="application/ld+json">${scriptJson(group)}</script>`;
}

/**
 * A Walmart product page: JSON-LD Product and __NEXT_DATA__ ('full'), __NEXT_DATA__
 * only, or a JSON-LD ProductGroup only; with a was price and a store-pickup widget
 * that says "Out of stock" at one store whatever the item's availability.
 */
export function walmartPage(model: PageModel): string {
  const { product, offer, inStock, url } = model;
  const title = escapeHtml(product.title);
  const withLd = product.page !== 'walmart_next_data';
  const withNext = product.page !== 'walmart_product_group';
  return `<!doctype html>
<html lang="en-US">
  <head>
    <meta charset="utf-8">
    <title>${escapeHtml(`${product.title} - Walmart.com`)}</title>
    <link rel="canonical" href="${escapeHtml(url)}">
    ${withLd ? jsonLd(model) : ''}
    ${PAGE_STYLE}
  </head>
  <body>
    <div id="__next" class="page">
      <header><strong>walmart.com</strong> <span class="note">Buyline sandbox storefront</span></header>
      <main>
        <img class="hero" src="${escapeHtml(product.image)}" alt="${title}">
        <h1 id="main-title" itemprop="name">${title}</h1>
        <div data-testid="add-to-cart-price-atf">
          <span itemprop="price" data-seo-id="hero-price">Now ${escapeHtml(money(offer.price))}</span>
          <span class="strike note">${escapeHtml(money(listPriceOf(offer.price)))}</span>
        </div>
        <div data-testid="fulfillment-badge-group">
          <div data-testid="fulfillment-pickup"><span>Pickup</span> <span class="note">Out of stock at Cambridge Supercenter</span></div>
          <div data-testid="fulfillment-shipping"><span>Shipping</span> <span class="note">${inStock ? 'Arrives in 3 days' : 'Out of stock'}</span></div>
        </div>
        <button data-automation-id="atc" type="button"${inStock ? '' : ' disabled'}>${inStock ? 'Add to cart' : 'Get in-stock alert'}</button>
        ${sandboxNotes(product, money)}
      </main>
    </div>
    ${withNext ? nextData(model) : ''}
  </body>
</html>
`;
}
