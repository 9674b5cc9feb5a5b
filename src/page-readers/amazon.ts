import { byId, isNode, parseJson, text, textAt } from './kit/page-text.ts';
import { currencyOf, parsePrice, priceOfAmount } from './kit/price-text.ts';
import type { Availability, PageContext, Price, Reader } from './types.ts';

/**
 * The five Amazon storefronts' reader: no JSON-LD or price meta, the price to pay is the
 * buy box's alone. Landmarks are found by id, so thousands of elements are not searched.
 */

/** The buy box's price containers, newest layout first. */
const BUY_BOX = [
  'corePriceDisplay_desktop_feature_div',
  'corePrice_feature_div',
  'corePrice_desktop',
  'apex_desktop',
  'apex_offerDisplay_desktop',
  'corePriceDisplay_mobile_feature_div',
];
/** Older pages and single-offer widgets. */
const OLD_PRICES = [
  'priceblock_dealprice',
  'priceblock_saleprice',
  'priceblock_ourprice',
  'price_inside_buybox',
  'newBuyBoxPrice',
];
/** Prices near the buy box that are not the price to pay. */
const NOT_TO_PAY =
  '[data-a-strike="true"], .basisPrice, [class*="pricePerUnit"], .a-price-range, #sns-base-price';
const BUY_BUTTONS = ['add-to-cart-button', 'buy-now-button'];
const SEE_ALL = ['buybox-see-all-buying-choices', 'buybox-see-all-buying-choices-announce'];
const LANDMARKS = ['productTitle', 'dp-container', 'ppd', 'buybox', 'outOfStock'];
const IMAGES = ['landingImage', 'imgBlkFront', 'ebooksImgBlkFront', 'main-image'];
const TITLES = ['productTitle', 'ebooksProductTitle'];

/** The `.a-price` elements of the buy box that may be the price to pay. */
function candidates(box: Element): Element[] {
  const prices = Array.from(box.querySelectorAll('.a-price')).filter(
    (price) => price.closest(NOT_TO_PAY) === null,
  );
  // "priceToPay" names it; otherwise a text price (list, typical, per unit) is not it.
  const named = prices.filter((price) => price.matches('.priceToPay, .apexPriceToPay'));
  return named.length > 0 ? named : prices.filter((price) => !price.matches('.a-text-price'));
}

/** A price element's amount: its offscreen text, or its whole and fraction parts. */
function priceOfElement(price: Element, currency: string): Price | undefined {
  const offscreen = parsePrice(textAt(price, '.a-offscreen'), currency);
  if (offscreen) return offscreen;
  const whole = textAt(price, '.a-price-whole')?.replace(/\D/g, '');
  const fraction = textAt(price, '.a-price-fraction')?.replace(/\D/g, '') ?? '';
  if (!whole) return undefined;
  const symbol = textAt(price, '.a-price-symbol');
  const code = symbol ? currencyOf(symbol, currency) : currency;
  if (!code || fraction.length > 2) return undefined;
  return priceOfAmount(`${whole}.${fraction.padEnd(2, '0')}`, code, currency);
}

/** The buying-options JSON next to the variation picker: the featured new offer. */
function priceOfTwister(doc: Document, currency: string): Price | undefined {
  const data = parseJson(doc.querySelector('.twister-plus-buying-options-price-data')?.textContent);
  const options = (isNode(data) ? Object.values(data) : [data]).flat().filter(isNode);
  const option = options.find((entry) => entry.buyingOptionType === 'NEW') ?? options[0];
  if (!option) return undefined;
  const region = String(option.locale ?? '').replace(/^.*[-_]/, '');
  const regional: Record<string, string> = { US: 'USD', CA: 'CAD', MX: 'MXN', AU: 'AUD' };
  const symbol = String(option.currencySymbol ?? '').trim();
  const code = symbol === '$' && regional[region] ? regional[region] : currencyOf(symbol, currency);
  return code ? priceOfAmount(option.priceAmount, code, currency) : undefined;
}

function price(doc: Document, context: PageContext): Price | null | undefined {
  // No buy box ("Currently unavailable", "See All Buying Options"): nothing to pay.
  const canBuy = byId(doc, BUY_BUTTONS) !== undefined;
  if (doc.getElementById('outOfStock') || (!canBuy && byId(doc, SEE_ALL))) return null;
  const boxes = BUY_BOX.flatMap((id) => doc.getElementById(id) ?? []);
  if (boxes.some((box) => box.querySelector('.a-price-range'))) return null;
  for (const box of boxes) {
    const first = candidates(box)[0];
    const found = first && priceOfElement(first, context.currency);
    if (found) return found;
  }
  return (
    parsePrice(text(byId(doc, OLD_PRICES)?.textContent), context.currency) ??
    // The buying-options JSON describes the buy box, so it counts only beside one.
    (canBuy ? priceOfTwister(doc, context.currency) : undefined) ??
    (byId(doc, LANDMARKS) ? null : undefined)
  );
}

// "Derzeit nicht verfügbar.", "No disponible.", "Actuellement indisponible." before
// the in-stock words they contain.
const OUT =
  /currently unavailable|out of stock|unavailable|nicht verfügbar|nicht auf lager|no disponible|agotado|sin existencias|indisponible|rupture de stock|non disponible/i;
const LATER = /in stock on|available from these sellers|disponible à partir|erhältlich ab/i;
const IN =
  /in stock|left in stock|only \d+ left|usually ships|ships within|available to ship|auf lager|nur noch|disponible|en existencia|quedan|en stock/i;

function availability(doc: Document): Availability | undefined {
  if (doc.getElementById('outOfStock')) return 'out_of_stock';
  const said = text(doc.getElementById('availability')?.textContent);
  if (said) {
    if (OUT.test(said)) return 'out_of_stock';
    return !LATER.test(said) && IN.test(said) ? 'in_stock' : 'unknown';
  }
  if (byId(doc, BUY_BUTTONS)) return 'in_stock';
  return byId(doc, LANDMARKS) ? 'unknown' : undefined;
}

function image(doc: Document): string | undefined {
  const img = byId(doc, IMAGES);
  if (!img) return undefined;
  const hires = text(img.getAttribute('data-old-hires'));
  if (hires) return hires;
  // {"https://…_SX679_.jpg":[679,679],"https://…_SX425_.jpg":[425,425]}: the largest.
  const dynamic = parseJson(img.getAttribute('data-a-dynamic-image'));
  if (isNode(dynamic)) {
    const sizes = Object.entries(dynamic)
      .map(([url, size]) => [url, Array.isArray(size) ? Number(size[0]) || 0 : 0] as const)
      .sort((a, b) => b[1] - a[1]);
    if (sizes[0]) return sizes[0][0];
  }
  return text(img.getAttribute('src'));
}

export const readAmazon: Reader = (doc, context) => ({
  title: text(byId(doc, TITLES)?.textContent),
  price: price(doc, context),
  availability: availability(doc),
  image: image(doc),
});
