import { text, textAt } from './kit/page-text.ts';
import { parsePrice } from './kit/price-text.ts';
import type { Availability, PageContext, Price, Reader } from './types.ts';

/**
 * AliExpress's reader, for the rendered page. Price class names end in a hash that
 * changes with every release (`price-default--current--F8OlYIo`): matched by their start.
 */

/** The current price, newest markup first; never the original (struck) price. */
const CURRENT_PRICE = [
  '[class*="price-default--current--"]',
  '[class*="price--currentPriceText--"]',
  '.product-price-current .product-price-value',
  '.product-price-current',
  '[class*="price--current--"]',
];
const QUANTITY = '[class*="quantity--info--"], .product-quantity-tip';
const SOLD_OUT =
  /sold out|no longer available|esgotado|agotado|ausverkauft|épuisé|esaurito|нет в наличии/iu;

function price(doc: Document, context: PageContext): Price | null | undefined {
  for (const selector of CURRENT_PRICE) {
    const shown = textAt(doc, selector);
    if (shown) return parsePrice(shown, context.currency) ?? null;
  }
  // A rendered page without a current price shows none to pay.
  return doc.querySelector('h1[data-pl]') ? null : undefined;
}

function availability(doc: Document): Availability | undefined {
  const quantity = textAt(doc, QUANTITY);
  if (quantity && SOLD_OUT.test(quantity)) return 'out_of_stock';
  // "5,000 available", "4999 disponíveis", "Nur noch 3 verfügbar", "Only 3 left".
  const count = quantity ? /(\d[\d.,\s]*)/.exec(quantity)?.[1] : undefined;
  if (count !== undefined)
    return Number(count.replace(/\D/g, '')) > 0 ? 'in_stock' : 'out_of_stock';
  const notice = textAt(doc, '[class*="soldout"], [class*="sold-out"], [class*="unavailable--"]');
  return notice && SOLD_OUT.test(notice) ? 'out_of_stock' : undefined;
}

const IMAGE =
  'img[class*="magnifier"][class*="-image--"], [class*="previewBox--"] img, .magnifier-image';

export const readAliExpress: Reader = (doc, context) => ({
  title: textAt(doc, 'h1[data-pl="product-title"], h1[data-pl]'),
  price: price(doc, context),
  availability: availability(doc),
  image: text(doc.querySelector(IMAGE)?.getAttribute('src')),
});
