import { describe, expect, it } from 'vitest';
import { metaPrice } from '../../../src/page-readers/kit/meta-price.ts';
import { forgetMetaTags } from '../../../src/page-readers/kit/page-text.ts';
import { readPage } from '../../../src/page-readers/registry.ts';
import { documentOf } from './documents.ts';

// The Open Graph price tags: `product:price:amount` and `og:price:amount`, each read in
// its own currency tag's currency, on any storefront and on shops of no family.

const tags = (pairs: Record<string, string>) =>
  Object.entries(pairs)
    .map(([name, content]) => `<meta property="${name}" content="${content}">`)
    .join('');

const read = (url: string, head: string, body = '') =>
  readPage(documentOf(`<html><head>${head}</head><body>${body}</body></html>`, url), url);

function priceOf(head: string, currency = 'USD') {
  forgetMetaTags();
  return metaPrice(documentOf(`<html><head>${head}</head><body></body></html>`), currency);
}

describe('metaPrice', () => {
  it.each([
    ['product:price:amount', 'product:price:currency'],
    ['og:price:amount', 'og:price:currency'],
  ])('reads %s in the currency of %s', (amount, currency) => {
    expect(priceOf(tags({ [amount]: '329.99', [currency]: 'CAD' }))).toEqual({
      amount: 32_999,
      currency: 'CAD',
    });
  });

  it('reads an amount without a currency tag in the storefront’s currency', () => {
    expect(priceOf(tags({ 'og:price:amount': '1299' }), 'GBP')).toEqual({
      amount: 129_900,
      currency: 'GBP',
    });
  });

  it('never reads one form’s amount in another form’s currency', () => {
    const head = tags({ 'product:price:amount': '10.00', 'og:price:currency': 'EUR' });
    expect(priceOf(head)).toEqual({ amount: 1000, currency: 'USD' });
  });

  it('reads product:price:amount before og:price:amount', () => {
    const head = tags({
      'og:price:amount': '12.00',
      'og:price:currency': 'USD',
      'product:price:amount': '11.00',
      'product:price:currency': 'USD',
    });
    expect(priceOf(head)).toEqual({ amount: 1100, currency: 'USD' });
  });

  it('reads a shop’s locale-written amount ("1.299,00" in euros)', () => {
    const head = tags({ 'og:price:amount': '1.299,00', 'og:price:currency': 'EUR' });
    expect(priceOf(head)).toEqual({ amount: 129_900, currency: 'EUR' });
  });

  it.each([['19.99 - 24.99'], ['from 19.99'], ['0'], ['']])(
    'gives no price for the amount %j',
    (amount) => {
      expect(priceOf(tags({ 'product:price:amount': amount }))).toBeUndefined();
    },
  );
});

describe('the Open Graph price on the storefronts', () => {
  const COSTCO = 'https://www.costco.com/grill.product.4000231170.html';

  it('gives Costco’s legacy page the price of product:price:amount while "Your Price" is drawn later', () => {
    const details = read(
      COSTCO,
      tags({ 'product:price:amount': '329.99', 'product:price:currency': 'USD' }),
      '<div id="price-container" data-bind="template: { name: \'price-template\' }"></div>',
    );
    expect(details.price).toEqual({ amount: 32_999, currency: 'USD' });
  });

  it('keeps Costco’s placeholder "Your Price" the answer: no price, whatever the tags say', () => {
    const details = read(
      COSTCO,
      tags({ 'product:price:amount': '329.99' }),
      '<span class="value" automation-id="productPriceOutput">- -.- -</span>',
    );
    expect(details.price).toBeUndefined();
  });

  it('reads og:price:amount on a shop of no storefront family', () => {
    const details = read(
      'https://shop.example/products/kettle',
      tags({ 'og:price:amount': '49.50', 'og:price:currency': 'AUD' }),
    );
    expect(details.price).toEqual({ amount: 4950, currency: 'AUD' });
  });

  it('prefers the JSON-LD offer’s price to the tags', () => {
    const ld = {
      '@type': 'Product',
      name: 'Kettle',
      offers: { price: '45.00', priceCurrency: 'USD' },
    };
    const details = read(
      'https://shop.example/products/kettle',
      `${tags({ 'og:price:amount': '49.50' })}<script type="application/ld+json">${JSON.stringify(ld)}</script>`,
    );
    expect(details.price).toEqual({ amount: 4500, currency: 'USD' });
  });
});
