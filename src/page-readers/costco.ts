import { flight } from './kit/flight-data.ts';
import { metaPrice } from './kit/meta-price.ts';
import { isNode, type Node, text, textAt } from './kit/page-text.ts';
import { agreedPrice, isRange, parsePrice, priceOfAmount } from './kit/price-text.ts';
import type { Availability, PageContext, Price, Reader } from './types.ts';

/**
 * Costco's reader: legacy pages (`….product.<id>.html`) carry an Open Graph price
 * (`og:price`, `product:price:amount`), newer ones (`/p/-/<slug>/<id>`) flight data. A "Your Price" placeholder ("--", "- -.- -") or one
 * hidden until sign-in means no price, whatever else the page carries.
 */

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
const HOLDERS = ['pricing', 'priceData', 'priceInfo', 'priceDetails', 'prices', 'offers', 'offer'];
const ID_KEYS = ['itemNumber', 'productId', 'partNumber', 'sku', 'itemId', 'productID', 'id'];
/** The price shown on the page: legacy "Your Price", or the new page's price of this id. */
function shownPrice(doc: Document, context: PageContext) {
  const id = context.productId;
  const own =
    id && /^[\w-]+$/.test(id) ? doc.querySelector(`[data-testid="Text_Price_${id}"]`) : null;
  const value = doc.querySelector(YOUR_PRICE) ?? own;
  if (!value) return undefined;
  const shown = text(value.textContent);
  // The currency sign sits in its own span before the value on legacy pages.
  const sign = textAt(value.parentElement ?? value, '.currency') ?? '';
  const parsed =
    shown && /\d/.test(shown) ? parsePrice(`${sign}${shown}`, context.currency) : undefined;
  return parsed ?? parsePrice(shown, context.currency) ?? null;
}

/** An amount as data gives it: a number, a decimal string, or { amount, currency }. */
function amountOf(value: unknown, currency: string): Price | null | undefined {
  if (isNode(value)) {
    const code = value.currency ?? value.currencyCode ?? value.priceCurrency ?? currency;
    return amountOf(value.amount ?? value.value ?? value.price, String(code));
  }
  if (typeof value === 'string' && !/\d/.test(value)) return null;
  if (value === null || value === undefined) return undefined;
  return priceOfAmount(value, currency, currency) ?? null;
}

/** One product node's price to pay; null for a range or a placeholder. */
function nodePrice(node: Node, currency: string, depth = 0): Price | null | undefined {
  if (depth > 3) return undefined;
  const code = typeof node.priceCurrency === 'string' ? node.priceCurrency : currency;
  if (isRange(node.lowPrice, node.highPrice) || isRange(node.minPrice, node.maxPrice)) return null;
  for (const key of PRICE_KEYS) if (key in node) return amountOf(node[key], code);
  for (const key of HOLDERS) {
    const held = Array.isArray(node[key]) ? (node[key] as unknown[]) : [node[key]];
    const price = agreedPrice(held.filter(isNode).map((item) => nodePrice(item, code, depth + 1)));
    if (price !== undefined) return price;
  }
  return undefined;
}

/**
 * The flight data's price of this product: the nodes naming its id, else the
 * schema.org Product nodes (their sku may be the item number, not the page's id).
 * They must all agree, else there is no one price to pay.
 */
function flightPrice(doc: Document, context: PageContext) {
  const named: (Price | null)[] = [];
  const products: (Price | null)[] = [];
  const visit = (value: unknown, depth: number) => {
    if (depth > 40 || typeof value !== 'object' || value === null) return;
    if (isNode(value)) {
      const names = ID_KEYS.some(
        (key) => context.productId !== undefined && String(value[key]) === context.productId,
      );
      const into = names ? named : value['@type'] === 'Product' ? products : undefined;
      const price = into ? nodePrice(value, context.currency) : undefined;
      if (into && price !== undefined) into.push(price);
    }
    for (const item of Object.values(value)) visit(item, depth + 1);
  };
  for (const row of flight(doc)) visit(row, 0);
  return agreedPrice(named.length > 0 ? named : products);
}

function price(doc: Document, context: PageContext): Price | null | undefined {
  const shown = shownPrice(doc, context);
  const data = shown === undefined ? flightPrice(doc, context) : shown;
  if (data !== undefined) return data;
  // Legacy pages draw "Your Price" by script once the member's warehouse is known; what
  // the served page holds is its Open Graph price: `og:price` or `product:price:amount`.
  return metaPrice(doc, context.currency);
}

function availability(doc: Document): Availability | undefined {
  const button = doc.querySelector(
    '#add-to-cart-btn, [automation-id="addToCartButton"], [data-testid="Button_AddToCart"]',
  );
  if (!button) return undefined;
  const label = text(button.getAttribute('value')) ?? text(button.textContent) ?? '';
  if (/out of stock|sold out|unavailable/i.test(label)) return 'out_of_stock';
  // A button the buyer can press to add the item is the page saying it sells it.
  return /add to cart/i.test(label) && !button.hasAttribute('disabled') ? 'in_stock' : undefined;
}

export const readCostco: Reader = (doc, context) => ({
  title: textAt(
    doc,
    'h1[automation-id="productName"], h1[itemprop="name"], h1[data-testid="Text_ProductName"]',
  ),
  price: price(doc, context),
  availability: availability(doc),
});
