import { escapeHtml, scriptJson } from '../html.ts';
import { formatMoney } from './money-text.ts';
import { decimal, listPriceOf, type PageModel } from './page-model.ts';
import { PAGE_STYLE, sandboxNotes } from './sandbox-notes.ts';

const money = (cents: number) => formatMoney(cents, 'USD', 'en-US');

/** The newer /p/-/ page: JSON-LD, and its own markup around the price. */
function newPage(model: PageModel): string {
  const { product, offer, inStock, url } = model;
  const title = escapeHtml(product.title);
  const data = {
    '@context': 'https://schema.org/',
    '@type': 'Product',
    name: product.title,
    image: [product.image],
    sku: product.product_id,
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: 'USD',
      price: decimal(offer.price),
      availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
  };
  return `<!doctype html>
<html lang="en-US">
  <head>
    <meta charset="utf-8">
    <title>${escapeHtml(`${product.title} | Costco`)}</title>
    <meta property="og:title" content="${title}">
    <meta property="og:image" content="${escapeHtml(product.image)}">
    <link rel="canonical" href="${escapeHtml(url)}">
    <script type="application/ld+json">${scriptJson(data)}</script>
    ${PAGE_STYLE}
  </head>
  <body>
    <div id="__next" class="page">
      <header><strong>costco.com</strong> <span class="note">Buyline sandbox storefront</span></header>
      <main>
        <img class="hero" src="${escapeHtml(product.image)}" alt="${title}">
        <h1 data-testid="Text_ProductName">${title}</h1>
        <div data-testid="PriceGroup">
          <span data-testid="Text_Price_${escapeHtml(product.product_id)}">${escapeHtml(money(offer.price))}</span>
          <span class="strike note">${escapeHtml(money(listPriceOf(offer.price)))}</span>
        </div>
        <button data-testid="Button_AddToCart" type="button"${inStock ? '' : ' disabled'}>${inStock ? 'Add to Cart' : 'Out of Stock'}</button>
        ${sandboxNotes(product, money)}
      </main>
    </div>
  </body>
</html>
`;
}

/**
 * A Costco product page: the legacy page (Open Graph, product meta, "Your Price"), the
 * same with "Your Price" still the "--" placeholder that script fills in later, or the
 * newer /p/-/ page with JSON-LD.
 */
export function costcoPage(model: PageModel): string {
  if (model.product.page === 'costco_new') return newPage(model);
  const { product, offer, inStock, url } = model;
  const title = escapeHtml(product.title);
  const placeholder = product.page === 'costco_placeholder';
  const meta: [string, string][] = [
    ['og:title', product.title],
    ['og:type', 'product'],
    ['og:url', url],
    ['og:image', product.image],
    ['og:availability', inStock ? 'instock' : 'oos'],
    ['product:price:amount', decimal(offer.price)],
    ['product:price:currency', 'USD'],
  ];
  return `<!doctype html>
<html lang="en-US">
  <head>
    <meta charset="utf-8">
    <title>${escapeHtml(`${product.title} | Costco`)}</title>
    ${meta.map(([property, content]) => `<meta property="${property}" content="${escapeHtml(content)}">`).join('\n    ')}
    <link rel="canonical" href="${escapeHtml(url)}">
    ${PAGE_STYLE}
  </head>
  <body>
    <div class="product-page-container page">
      <header id="costco-header"><strong>costco.com</strong> <span class="note">Buyline sandbox storefront</span></header>
      <img class="hero" src="${escapeHtml(product.image)}" alt="${title}">
      <div class="product-h1-container-v2"><h1 automation-id="productName" itemprop="name">${title}</h1></div>
      <p class="item-number note">Item <span data-sku="${escapeHtml(product.product_id)}">${escapeHtml(product.product_id)}</span></p>
      <div id="price-container" class="product-price">
        <div class="your-price"><span class="op-value">Your Price</span>
          <div id="pull-right-price"><span class="currency">$</span><span class="value" automation-id="productPriceOutput">${placeholder ? '--' : escapeHtml(decimal(offer.price))}</span></div>
        </div>
        <p class="discount note">Was ${escapeHtml(money(listPriceOf(offer.price)))}</p>
      </div>
      <div class="add-to-cart"><input type="button" id="add-to-cart-btn" value="${inStock ? 'Add to Cart' : 'Out of Stock'}"${inStock ? '' : ' disabled'}></div>
      ${sandboxNotes(product, money)}
    </div>
  </body>
</html>
`;
}
