import { escapeHtml, scriptJson } from '../html.ts';
import { formatMoney } from './money-text.ts';
import { decimal, listPriceOf, type PageModel } from './page-model.ts';
import { PAGE_STYLE, sandboxNotes } from './sandbox-notes.ts';

const money = (cents: number) => formatMoney(cents, 'USD', 'en-US');

/**
 * The flight data a Next.js App Router page streams in `self.__next_f.push` scripts:
 * rows of `<id>:<json>`, split across pushes wherever the server's chunks fall.
 */
function flightScripts(rows: unknown[]): string {
  const text = `${rows.map((row, index) => `${(index + 1).toString(16)}:${JSON.stringify(row)}`).join('\n')}\n`;
  const cut = Math.floor(text.length / 2);
  const pushes = [text.slice(0, cut), text.slice(cut)].map(
    (chunk) => `<script>self.__next_f.push(${scriptJson([1, chunk])})</script>`,
  );
  return ['<script>(self.__next_f=self.__next_f||[]).push([0])</script>', ...pushes].join('\n    ');
}

/**
 * The newer /p/-/ page, rendered from React Server Components: no JSON-LD, the product
 * in the flight data, the price drawn from it.
 */
function newPage(model: PageModel): string {
  const { product, offer, inStock, url } = model;
  const title = escapeHtml(product.title);
  const data = {
    product: {
      itemNumber: product.product_id,
      name: product.title,
      image: product.image,
      url,
      pricing: {
        listPrice: decimal(listPriceOf(offer.price)),
        salePrice: decimal(offer.price),
        currency: 'USD',
      },
      inventory: { availability: inStock ? 'IN_STOCK' : 'OUT_OF_STOCK' },
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
    ${flightScripts(['$Sreact.fragment', data])}
  </body>
</html>
`;
}

/**
 * A Costco product page: the legacy page (Open Graph with og:price, "Your Price"), the
 * same with "Your Price" still the "--" placeholder that script fills in later, or the
 * newer /p/-/ page rendered from React Server Components.
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
    ['og:price', decimal(offer.price)],
    ['og:price:currency', 'USD'],
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
