import { escapeHtml } from '../html.ts';
import { aliExpressMoney } from './money-text.ts';
import { listPriceOf, type PageModel } from './page-model.ts';
import { PAGE_STYLE, sandboxNotes } from './sandbox-notes.ts';

/**
 * An AliExpress product page, as rendered: the title in h1[data-pl], prices in spans
 * whose class names end in a content hash, the original price beside the current
 * one, and Open Graph ending in " - AliExpress"; or ('aliexpress_served') the page as
 * served before its script runs, with Open Graph only.
 */
export function aliExpressPage(model: PageModel): string {
  const { product, offer, inStock, url } = model;
  const money = (cents: number) => aliExpressMoney(cents, product.currency, 'en-US');
  const title = escapeHtml(product.title);
  const served = product.page === 'aliexpress_served';
  const stock = product.offers.reduce((sum, entry) => sum + entry.stock, 0);
  const rendered = `<div class="pdp-body pdp-wrap page">
      <header><strong>aliexpress.com</strong> <span class="note">Buyline sandbox storefront</span></header>
      <div class="image-view--previewBox--FyWaIlU"><img class="hero magnifier--image--RM17RL2" src="${escapeHtml(product.image)}" alt=""></div>
      <div class="pdp-info-right">
        <div class="price--wrap--tA4MDk4" data-pl="product-price">
          <div class="price-default--current--F8OlYIo">${escapeHtml(money(offer.price))}</div>
          <div class="price-default--original--CWcHOit strike">${escapeHtml(money(listPriceOf(offer.price)))}</div>
        </div>
        <div class="title--wrap--UUHae_g"><h1 data-pl="product-title">${title}</h1></div>
        <div class="quantity--info--jnoo_pD"><span>${inStock ? `${stock} available` : 'Sold out'}</span></div>
        <button class="add-to-cart--addtocart--RXmuNXk" type="button"${inStock ? '' : ' disabled'}>Add to cart</button>
        ${sandboxNotes(product, money)}
      </div>
    </div>`;
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>${escapeHtml(`${product.title} - AliExpress 44`)}</title>
    <meta property="og:title" content="${escapeHtml(`${product.title} - AliExpress`)}">
    <meta property="og:image" content="${escapeHtml(product.image)}">
    <meta property="og:url" content="${escapeHtml(url)}">
    <link rel="canonical" href="${escapeHtml(url)}">
    ${PAGE_STYLE}
  </head>
  <body>
    <div id="root">${served ? '' : rendered}</div>
    ${served ? `<p class="page note">${title}: the page as served, before the storefront's script renders it (a Buyline sandbox page).</p>` : ''}
  </body>
</html>
`;
}
