import { escapeHtml, scriptJson } from '../html.ts';
import { formatMoney } from './money-text.ts';
import { listPriceOf, type PageModel } from './page-model.ts';
import { PAGE_STYLE, sandboxNotes } from './sandbox-notes.ts';

const money = (cents: number) => formatMoney(cents, 'USD', 'en-US');

/**
 * A Home Depot product page: JSON-LD with the price but no availability, and the
 * Apollo cache in `window.__APOLLO_STATE__` with the product's availabilityType and
 * pricing (the struck "original" beside the "value" to pay), and a pickup widget.
 */
export function homeDepotPage(model: PageModel): string {
  const { product, offer, inStock, url } = model;
  const title = escapeHtml(product.title);
  const original = listPriceOf(offer.price);
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    productID: product.product_id,
    image: [product.image],
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: 'USD',
      price: offer.price / 100,
      seller: { '@type': 'Organization', name: 'The Home Depot' },
    },
  };
  const key = `BaseProduct:${product.product_id}`;
  const apollo = {
    ROOT_QUERY: {
      __typename: 'Query',
      [`product({"itemId":"${product.product_id}"})`]: { __ref: key },
    },
    [key]: {
      __typename: 'BaseProduct',
      itemId: product.product_id,
      identifiers: { __typename: 'Identifiers', productLabel: product.title },
      availabilityType: {
        __typename: 'AvailabilityType',
        discontinued: false,
        status: false,
        type: 'Shared',
        buyable: inStock,
      },
      pricing: { __typename: 'Pricing', value: offer.price / 100, original: original / 100 },
    },
  };
  const whole = Math.floor(offer.price / 100);
  const cents = String(offer.price % 100).padStart(2, '0');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>${escapeHtml(`${product.title} - The Home Depot`)}</title>
    <meta property="og:site_name" content="The Home Depot">
    <link rel="canonical" href="${escapeHtml(url)}">
    <script type="application/ld+json">${scriptJson(data)}</script>
    ${PAGE_STYLE}
  </head>
  <body>
    <div id="root" class="page">
      <header><strong>homedepot.com</strong> <span class="note">Buyline sandbox storefront</span></header>
      <img class="hero" src="${escapeHtml(product.image)}" alt="${title}">
      <h1 class="sui-h4-bold">${title}</h1>
      <div class="price-format__main-price"><span>$</span><span>${whole}</span><span>${cents}</span></div>
      <div class="price-detailed__was-price note">Was <span class="strike">${escapeHtml(money(original))}</span></div>
      <div data-component="FulfillmentPodStore"><span>Pickup at Somerville</span> <span class="note">Limited stock for pickup</span></div>
      <button data-automation-id="addToCartButton" type="button"${inStock ? '' : ' disabled'}>Add to Cart</button>
      ${sandboxNotes(product, money)}
    </div>
    <script>window.__APOLLO_STATE__=${scriptJson(apollo)};window.__EXPERIENCE_CONTEXT__={"name":"pip"};</script>
  </body>
</html>
`;
}
