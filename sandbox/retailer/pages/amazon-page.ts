import { RETAILERS } from '../../../src/api/retailers.ts';
import { escapeHtml, scriptJson } from '../html.ts';
import { formatMoney, splitPrice } from './money-text.ts';
import { listPriceOf, type PageModel, titleSlug } from './page-model.ts';
import { PAGE_STYLE, sandboxNotes } from './sandbox-notes.ts';

/** What differs between the five Amazon storefronts' pages (and French amazon.ca). */
interface AmazonWords {
  locale: string;
  lang: string;
  title: (title: string) => string;
  inStock: string;
  unavailable: string;
  unavailableNote: string;
  listPrice: string;
  addToCart: string;
  seeAll: string;
  otherSellers: string;
}

const ENGLISH = {
  inStock: 'In Stock',
  unavailable: 'Currently unavailable.',
  unavailableNote: "We don't know when or if this item will be back in stock.",
  listPrice: 'List Price:',
  addToCart: 'Add to Cart',
  seeAll: 'See All Buying Options',
  otherSellers: 'Other sellers on Amazon: New from',
};

const WORDS: Record<string, AmazonWords> = {
  amazon: {
    ...ENGLISH,
    locale: 'en-US',
    lang: 'en-us',
    title: (t) => `Amazon.com: ${t} : Home & Kitchen`,
  },
  amazon_uk: {
    ...ENGLISH,
    locale: 'en-GB',
    lang: 'en-gb',
    title: (t) => `${t} : Amazon.co.uk: Home & Kitchen`,
    listPrice: 'RRP:',
    addToCart: 'Add to Basket',
  },
  amazon_ca: { ...ENGLISH, locale: 'en-CA', lang: 'en-ca', title: (t) => `Amazon.ca: ${t} : Home` },
  amazon_ca_fr: {
    locale: 'fr-CA',
    lang: 'fr-ca',
    title: (t) => `Amazon.ca : ${t} : Maison`,
    inStock: 'En stock',
    unavailable: 'Actuellement indisponible.',
    unavailableNote:
      'Nous ne savons pas quand cet article sera de nouveau approvisionné ni s’il le sera.',
    listPrice: 'Prix courant\u00a0:',
    addToCart: 'Ajouter au panier',
    seeAll: 'Voir toutes les options d’achat',
    otherSellers: 'Autres vendeurs sur Amazon : neuf à partir de',
  },
  amazon_de: {
    locale: 'de-DE',
    lang: 'de-de',
    title: (t) => `${t} : Amazon.de: Küche, Haushalt & Wohnen`,
    inStock: 'Auf Lager',
    unavailable: 'Derzeit nicht verfügbar.',
    unavailableNote: 'Ob und wann dieser Artikel wieder vorrätig sein wird, ist unbekannt.',
    listPrice: 'UVP:',
    addToCart: 'In den Einkaufswagen',
    seeAll: 'Alle Kaufoptionen anzeigen',
    otherSellers: 'Weitere Angebote ab',
  },
  amazon_mx: {
    locale: 'es-MX',
    lang: 'es-mx',
    title: (t) => `Amazon.com.mx: ${t} : Hogar y Cocina`,
    inStock: 'Disponible.',
    unavailable: 'No disponible por el momento.',
    unavailableNote: 'No sabemos si este producto volverá a estar disponible, ni cuándo.',
    listPrice: 'Precio de lista:',
    addToCart: 'Agregar al carrito',
    seeAll: 'Ver todas las opciones de compra',
    otherSellers: 'Otros vendedores en Amazon: nuevo desde',
  },
};

/** An `.a-price` as Amazon writes it; `empty` leaves its offscreen text out, as some pages do. */
function aPrice(cents: number, currency: string, locale: string, classes: string, empty = false) {
  const text = escapeHtml(formatMoney(cents, currency, locale));
  const p = splitPrice(cents, currency, locale);
  const symbol = `<span class="a-price-symbol">${escapeHtml(p.symbol)}</span>`;
  const number = `<span class="a-price-whole">${escapeHtml(p.whole)}<span class="a-price-decimal">${escapeHtml(p.decimal)}</span></span><span class="a-price-fraction">${p.fraction}</span>`;
  return `<span class="a-price ${classes}" data-a-size="xl" data-a-color="base"><span class="a-offscreen">${empty ? ' ' : text}</span><span aria-hidden="true">${p.symbolFirst ? symbol + number : number + symbol}</span></span>`;
}

const textPrice = (cents: number, currency: string, locale: string, strike = false) =>
  `<span class="a-price a-text-price" data-a-size="s"${strike ? ' data-a-strike="true"' : ''} data-a-color="secondary"><span class="a-offscreen">${escapeHtml(formatMoney(cents, currency, locale))}</span><span aria-hidden="true">${escapeHtml(formatMoney(cents, currency, locale))}</span></span>`;

/** The buy box's price in the shape the catalog gives the page. */
function corePrice(model: PageModel, words: AmazonWords): string {
  const { product, offer } = model;
  const money = (cents: number) => escapeHtml(formatMoney(cents, product.currency, words.locale));
  const list = listPriceOf(offer.price);
  const saving = Math.round((1 - offer.price / list) * 100);
  const listLine = `<span class="a-size-small a-color-secondary aok-align-center basisPrice">${escapeHtml(words.listPrice)} ${textPrice(list, product.currency, words.locale, true)}</span>`;
  if (product.page === 'amazon_price_table')
    return `<div id="corePrice_desktop" class="celwidget" data-feature-name="corePrice_desktop">
            <table class="a-lineitem a-align-top">
              <tr><td class="a-color-secondary a-size-base a-text-right">${escapeHtml(words.listPrice)}</td><td>${textPrice(list, product.currency, words.locale, true)}</td></tr>
              <tr><td class="a-color-secondary a-size-base a-text-right">Price:</td><td><span class="a-price a-text-price a-size-medium apexPriceToPay" data-a-size="b" data-a-color="price"><span class="a-offscreen">${money(offer.price)}</span><span aria-hidden="true">${money(offer.price)}</span></span></td></tr>
              <tr><td class="a-color-secondary a-size-base a-text-right">You Save:</td><td class="a-color-price">${textPrice(list - offer.price, product.currency, words.locale)} (${saving}%)</td></tr>
            </table>
          </div>`;
  if (product.page === 'amazon_split_price')
    return `<div id="corePrice_feature_div" class="celwidget" data-feature-name="corePrice">
            <div class="a-section a-spacing-micro">${aPrice(offer.price, product.currency, words.locale, 'a-text-normal aok-align-center', true)}</div>
            <div class="a-section">${listLine}</div>
          </div>`;
  const unit = Math.max(1, Math.round(offer.price / 10));
  return `<div id="corePriceDisplay_desktop_feature_div" class="celwidget" data-feature-name="corePriceDisplay_desktop">
            <div class="a-section a-spacing-none aok-align-center aok-relative">
              <span class="aok-offscreen">${money(offer.price)} with ${saving} percent savings</span>
              <span aria-hidden="true" class="a-size-large a-color-price savingsPercentage">-${saving}%</span>
              ${aPrice(offer.price, product.currency, words.locale, 'aok-align-center reinventPricePriceToPayMargin priceToPay')}
              <span class="a-size-base a-color-secondary">(${textPrice(unit, product.currency, words.locale)} / Count)</span>
            </div>
            <div class="a-section a-spacing-small aok-align-center">${listLine}</div>
          </div>`;
}

/** The buying-options JSON Amazon keeps beside the variation picker, with a used offer as a trap. */
function buyingOptions(model: PageModel, words: AmazonWords): string {
  const { product, offer } = model;
  const option = (cents: number, type: string, index: number) => ({
    displayPrice: formatMoney(cents, product.currency, words.locale),
    priceAmount: cents / 100,
    currencySymbol: splitPrice(cents, product.currency, words.locale).symbol,
    symbolPosition: splitPrice(cents, product.currency, words.locale).symbolFirst
      ? 'left'
      : 'right',
    locale: words.locale,
    buyingOptionType: type,
    aapiBuyingOptionIndex: index,
  });
  const options = [option(offer.price, 'NEW', 0)];
  if (model.othersFrom !== undefined) options.push(option(model.othersFrom, 'USED', 1));
  return `<div class="a-section aok-hidden twister-plus-buying-options-price-data">${escapeHtml(scriptJson({ desktop_buybox_group_1: options }))}</div>`;
}

/**
 * An Amazon product page: no JSON-LD, no Open Graph, no price meta. The title in
 * #productTitle, the price in the buy box beside list, unit, other-seller and
 * sponsored prices, #availability, #landingImage; without stock, no buy box at all.
 */
export function amazonPage(model: PageModel): string {
  const { product, inStock } = model;
  const storefront = RETAILERS[product.retailer].storefront;
  const words: AmazonWords =
    WORDS[product.page === 'amazon_french' ? 'amazon_ca_fr' : product.retailer] ??
    (WORDS.amazon as AmazonWords);
  const money = (cents: number) => formatMoney(cents, product.currency, words.locale);
  const title = escapeHtml(product.title);
  const canonical = `https://www.${storefront}/${titleSlug(product.slug)}/dp/${product.product_id}`;
  const dynamic = escapeHtml(JSON.stringify({ [product.image]: [240, 240] }));
  const buyBox = inStock
    ? `<div id="availability" class="a-section a-spacing-base"><span class="a-size-medium a-color-success">${escapeHtml(words.inStock)}</span></div>
          <input id="add-to-cart-button" name="submit.add-to-cart" type="submit" value="${escapeHtml(words.addToCart)}">
          <div id="tabular-buybox" class="a-section note">Ships from and sold by ${escapeHtml(model.offer.seller_name)}</div>`
    : `<div id="outOfStockBuyBox_feature_div"><div id="outOfStock" class="a-box a-alert-inline"><span class="a-color-price a-text-bold">${escapeHtml(words.unavailable)}</span><br><span class="a-size-base">${escapeHtml(words.unavailableNote)}</span></div></div>
          <div id="availability" class="a-section"><span class="a-size-medium a-color-price">${escapeHtml(words.unavailable)}</span></div>
          <div id="buybox-see-all-buying-choices"><a class="a-button-text" href="/gp/offer-listing/${product.product_id}">${escapeHtml(words.seeAll)}</a></div>`;
  const others =
    model.othersFrom === undefined
      ? ''
      : `<div id="olpLinkWidget_feature_div"><span>${escapeHtml(words.otherSellers)} </span>${textPrice(model.othersFrom, product.currency, words.locale)}</div>`;
  const carousel = model.related
    .map(
      (entry) =>
        `<li class="a-carousel-card"><div data-asin="${escapeHtml(entry.product.product_id)}"><span class="sp_desktop_sponsored_label">Sponsored</span> <a href="/dp/${escapeHtml(entry.product.product_id)}">${escapeHtml(entry.product.title)}</a> ${aPrice(entry.price, entry.product.currency, words.locale, '')}</div></li>`,
    )
    .join('\n          ');
  return `<!doctype html>
<html lang="${words.lang}" class="a-no-js">
  <head>
    <meta charset="utf-8">
    <title>${escapeHtml(words.title(product.title))}</title>
    <link rel="canonical" href="${escapeHtml(canonical)}">
    ${PAGE_STYLE}
  </head>
  <body id="dp" class="a-m-${words.lang.slice(-2)}">
    <header id="navbar-main"><strong>${escapeHtml(storefront)}</strong> <span class="note">Buyline sandbox storefront</span></header>
    <div id="dp-container" class="page" role="main">
      <div id="ppd">
        <div id="leftCol"><img id="landingImage" class="hero a-dynamic-image" alt="${title}" src="${escapeHtml(product.image)}" data-old-hires="${escapeHtml(product.image)}" data-a-dynamic-image="${dynamic}"></div>
        <div id="centerCol">
          <h1 id="title"><span id="productTitle" class="a-size-large product-title-word-break">${title}</span></h1>
          <div id="apex_desktop" class="celwidget">${inStock ? corePrice(model, words) : ''}</div>
          ${inStock && product.page !== 'amazon_split_price' && product.page !== 'amazon_price_table' ? buyingOptions(model, words) : ''}
        </div>
        <div id="rightCol"><div id="buybox">
          ${buyBox}
        </div>
        ${others}</div>
      </div>
      <div id="sp_detail"><h2>Products related to this item</h2><ol class="a-carousel">
          ${carousel}
      </ol></div>
      ${sandboxNotes(product, money)}
    </div>
  </body>
</html>
`;
}
