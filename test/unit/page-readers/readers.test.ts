import { describe, expect, it } from 'vitest';
import { cleanTitle } from '../../../src/page-readers/kit/page-text.ts';
import { readPage } from '../../../src/page-readers/registry.ts';
import { documentOf } from './documents.ts';

// Each reader's rules one at a time, on pages cut down to what the rule is about; the
// fixture corpus (fixtures.test.ts) has them together, as the storefronts serve them.

const read = (url: string, body: string, head = '') =>
  readPage(documentOf(`<html><head>${head}</head><body>${body}</body></html>`, url), url);

const AMAZON = 'https://www.amazon.com/dp/B0PLACES01';
const TITLE = '<span id="productTitle">Bottle</span>';
const offscreen = (text: string, classes = 'a-price') =>
  `<span class="${classes}"><span class="a-offscreen">${text}</span><span aria-hidden="true">${text}</span></span>`;

describe('the Amazon reader', () => {
  it('takes the buy box price, not a price before it elsewhere on the page', () => {
    const details = read(
      AMAZON,
      `${TITLE}<div id="sp_detail">${offscreen('$9.99')}</div>
       <div id="corePrice_feature_div">${offscreen('$12.49')}</div>`,
    );
    expect(details.price).toEqual({ amount: 1249, currency: 'USD' });
  });

  it('gives no price when the only prices are outside the buy box', () => {
    const details = read(
      AMAZON,
      `${TITLE}<div id="sp_detail">${offscreen('$9.99')}</div><div id="olpLinkWidget_feature_div">${offscreen('$8.00')}</div>`,
    );
    expect(details.price).toBeUndefined();
  });

  it('skips struck, list, unit and Subscribe & Save prices inside the buy box', () => {
    const details = read(
      AMAZON,
      `${TITLE}<div id="corePriceDisplay_desktop_feature_div">
        <span class="basisPrice">List Price: ${offscreen('$24.99', 'a-price a-text-price')}</span>
        <span data-a-strike="true" class="a-price"><span class="a-offscreen">$23.99</span></span>
        <span class="pricePerUnit">(${offscreen('$0.47', 'a-price')} / Ounce)</span>
        <div id="sns-base-price">${offscreen('$17.09')}</div>
        ${offscreen('$18.99', 'a-price priceToPay')}
      </div>`,
    );
    expect(details.price).toEqual({ amount: 1899, currency: 'USD' });
  });

  it.each([
    [
      'a struck price',
      '<span class="a-price" data-a-strike="true"><span class="a-offscreen">$23.99</span></span>',
    ],
    ['a list price', `<span class="basisPrice">List Price: ${offscreen('$24.99')}</span>`],
    ['a unit price', `<span class="pricePerUnit">(${offscreen('$0.47')} / Ounce)</span>`],
    ['a Subscribe & Save price', `<div id="sns-base-price">${offscreen('$17.09')}</div>`],
    ['a text price', offscreen('$22.00', 'a-price a-text-price')],
  ])('skips %s before the price to pay when nothing names it', (_, trap) => {
    const details = read(
      AMAZON,
      `${TITLE}<div id="corePrice_feature_div">${trap}${offscreen('$18.99')}</div>`,
    );
    expect(details.price).toEqual({ amount: 1899, currency: 'USD' });
  });

  it('reads whole and fraction when the offscreen text is empty, with the sign after the number', () => {
    const details = read(
      'https://www.amazon.de/dp/B0PLACES01',
      `${TITLE}<div id="corePrice_feature_div"><span class="a-price"><span class="a-offscreen"></span><span aria-hidden="true"><span class="a-price-whole">2.349<span class="a-price-decimal">,</span></span><span class="a-price-fraction">50</span><span class="a-price-symbol">€</span></span></span></div>`,
    );
    expect(details.price).toEqual({ amount: 234_950, currency: 'EUR' });
  });

  const twister = (options: unknown) =>
    `<div class="a-section aok-hidden twister-plus-buying-options-price-data">${JSON.stringify(options)}</div>`;

  it('reads the buying-options JSON beside a buy box whose price it cannot read', () => {
    const details = read(
      'https://www.amazon.ca/dp/B0PLACES01',
      `${TITLE}<div id="corePrice_feature_div"></div><input id="add-to-cart-button" type="submit">
       ${twister({
         desktop_buybox_group_1: [
           { priceAmount: 21.5, currencySymbol: '$', locale: 'en-US', buyingOptionType: 'USED' },
           { priceAmount: 34.99, currencySymbol: '$', locale: 'en-CA', buyingOptionType: 'NEW' },
         ],
       })}`,
    );
    expect(details.price).toEqual({ amount: 3499, currency: 'CAD' });
  });

  it('does not read the buying-options JSON on a page that cannot be bought', () => {
    const details = read(
      AMAZON,
      `${TITLE}${twister([{ priceAmount: 21.5, currencySymbol: '$', locale: 'en-US', buyingOptionType: 'NEW' }])}`,
    );
    expect(details.price).toBeUndefined();
  });

  it('gives no price without a buy box, even beside a buy box price', () => {
    const body = `${TITLE}<div id="corePrice_feature_div">${offscreen('$12.49')}</div>`;
    expect(read(AMAZON, `${body}<div id="outOfStock">Currently unavailable.</div>`).price).toBe(
      undefined,
    );
    expect(
      read(AMAZON, `${body}<div id="buybox-see-all-buying-choices">See All Buying Options</div>`)
        .price,
    ).toBeUndefined();
  });

  it.each([
    ['In Stock', 'in_stock'],
    ['Only 2 left in stock - order soon.', 'in_stock'],
    ['Usually ships within 2 to 3 days.', 'in_stock'],
    ['Auf Lager', 'in_stock'],
    ['Nur noch 1 auf Lager', 'in_stock'],
    ['Disponible.', 'in_stock'],
    ['En stock', 'in_stock'],
    ['Currently unavailable.', 'out_of_stock'],
    ['Temporarily out of stock.', 'out_of_stock'],
    ['Derzeit nicht verfügbar.', 'out_of_stock'],
    ['Vorübergehend nicht auf Lager.', 'out_of_stock'],
    ['No disponible.', 'out_of_stock'],
    ['Actuellement indisponible.', 'out_of_stock'],
    ['In stock on March 3, 2027.', 'unknown'],
    ['Available from these sellers.', 'unknown'],
    ['Ships from and sold by Amazon.com.', 'unknown'],
  ])('reads availability %j as %s', (text, availability) => {
    const details = read(AMAZON, `${TITLE}<div id="availability"><span> ${text} </span></div>`);
    expect(details.availability).toBe(availability);
  });

  it('takes an add-to-cart button without availability text as in stock', () => {
    expect(read(AMAZON, `${TITLE}<input id="add-to-cart-button">`).availability).toBe('in_stock');
    expect(read(AMAZON, TITLE).availability).toBe('unknown');
  });

  it('falls back to the document title without Amazon’s words around it', () => {
    const details = read(
      AMAZON,
      '<div id="dp-container"></div>',
      '<title>Amazon.com: Folgers Classic Roast Ground Coffee : Grocery &amp; Gourmet Food</title>',
    );
    expect(details.title).toBe('Folgers Classic Roast Ground Coffee');
  });
});

describe('the Walmart reader', () => {
  const nextData = (product: unknown) =>
    `<script id="__NEXT_DATA__" type="application/json">${JSON.stringify({ props: { pageProps: { initialData: { data: { product } } } } })}</script>`;
  const WALMART = 'https://www.walmart.com/ip/Fan/619448939';

  it('never reads availability from the page text', () => {
    const details = read(
      WALMART,
      `<h1 id="main-title">Fan</h1><div>Out of stock</div><div data-testid="fulfillment-pickup">Not available</div>`,
    );
    expect(details.availability).toBe('unknown');
  });

  it('falls back to JSON-LD for what __NEXT_DATA__ does not say', () => {
    const details = read(
      WALMART,
      nextData({ name: 'Fan', priceInfo: { currentPrice: { price: 24.88 } } }),
      `<script type="application/ld+json">${JSON.stringify({ '@type': 'Product', name: 'Fan', offers: { price: 24.88, availability: 'https://schema.org/InStock' } })}</script>`,
    );
    expect(details).toMatchObject({
      price: { amount: 2488, currency: 'USD' },
      availability: 'in_stock',
    });
  });

  it('reads the price text when the number is missing', () => {
    const details = read(
      WALMART,
      nextData({
        name: 'Fan',
        availabilityStatus: 'LIMITED_STOCK',
        priceInfo: { currentPrice: { priceString: '$1,024.00' } },
      }),
    );
    expect(details).toMatchObject({
      price: { amount: 102_400, currency: 'USD' },
      availability: 'in_stock',
    });
  });
});

describe('the Costco reader', () => {
  const COSTCO = 'https://www.costco.com/nuts.product.100334841.html';
  const meta =
    '<meta property="product:price:amount" content="17.99"><meta property="og:title" content="Nuts">';

  it.each([['--'], ['- -'], ['Sign In for Price'], ['']])(
    'gives no price while "Your Price" is %j, whatever the meta tags say',
    (shown) => {
      const details = read(
        COSTCO,
        `<div id="pull-right-price"><span class="currency">$</span><span class="value" automation-id="productPriceOutput">${shown}</span></div>`,
        meta,
      );
      expect(details.price).toBeUndefined();
    },
  );

  it('reads "Your Price" with its currency sign', () => {
    const details = read(
      COSTCO,
      '<div id="pull-right-price"><span class="currency">$</span><span class="value" automation-id="productPriceOutput">1,299.99</span></div>',
    );
    expect(details.price).toEqual({ amount: 129_999, currency: 'USD' });
  });
});

describe('the Home Depot reader', () => {
  const HOME_DEPOT = 'https://www.homedepot.com/p/Blower/317673606';
  const apollo = (state: unknown) =>
    `<script>window.__APOLLO_STATE__=${JSON.stringify(state)};</script>`;

  it('reads the page’s product among the Apollo entries, not another', () => {
    const details = read(
      HOME_DEPOT,
      apollo({
        'BaseProduct:1': { itemId: '100000001', availabilityType: { buyable: true } },
        'BaseProduct:2': { itemId: '317673606', availabilityType: { buyable: false } },
      }),
    );
    expect(details.availability).toBe('out_of_stock');
  });

  it('takes the Apollo price of a buyable product when JSON-LD has none, never the original', () => {
    const details = read(
      HOME_DEPOT,
      apollo({
        'BaseProduct:2': {
          itemId: '317673606',
          availabilityType: { buyable: true, discontinued: false },
          pricing: { value: 179, original: 199 },
        },
      }),
    );
    expect(details).toMatchObject({
      price: { amount: 17_900, currency: 'USD' },
      availability: 'in_stock',
    });
  });

  it('leaves availability unknown without the Apollo state', () => {
    expect(read(HOME_DEPOT, '<h1>Blower</h1>').availability).toBe('unknown');
  });
});

describe('the AliExpress reader', () => {
  it('gives no price on a rendered page whose price it cannot read', () => {
    const details = read(
      'https://www.aliexpress.com/item/1005002293226328.html',
      '<h1 data-pl="product-title">Cable</h1><span class="price-default--original--CWcHOit">US $8.99</span>',
      '<meta property="product:price:amount" content="8.99">',
    );
    expect(details.price).toBeUndefined();
  });
});

describe('titles', () => {
  it.each([
    [
      'Amazon.com: Folgers Classic Roast, 40.3 Ounce : Grocery',
      'Folgers Classic Roast, 40.3 Ounce',
    ],
    ['Amazon.com : Folgers Classic Roast : Grocery & Gourmet Food', 'Folgers Classic Roast'],
    ['Electric Kettle, 1.7 L : Amazon.co.uk: Home & Kitchen', 'Electric Kettle, 1.7 L'],
    ['Akku-Bohrschrauber 18 V : Amazon.de: Baumarkt', 'Akku-Bohrschrauber 18 V'],
    ['Amazon.com.mx: Molcajete de piedra', 'Molcajete de piedra'],
    ['Amazon.ca : Gants d’hiver : Mode', 'Gants d’hiver'],
    ['Box Fan, 20 inch - Walmart.com', 'Box Fan, 20 inch'],
    ['Mixed Nuts, 2.5 lb | Costco', 'Mixed Nuts, 2.5 lb'],
    ['Step Ladder FS106 - The Home Depot', 'Step Ladder FS106'],
    ['USB-C Cable - AliExpress', 'USB-C Cable'],
    ['USB-C Cable - AliExpress 44', 'USB-C Cable'],
    ['Title: A Subtitle', 'Title: A Subtitle'],
    ['  Spaced\u00a0 out  ', 'Spaced out'],
  ])('%j is %j', (title, clean) => {
    expect(cleanTitle(title)).toBe(clean);
  });
});
