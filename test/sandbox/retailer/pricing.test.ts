import { describe, expect, it } from 'vitest';
import { PROMO_CODES, TEST_PRODUCTS } from '../../../sandbox/retailer/index.ts';
import { percentOf } from '../../../sandbox/retailer/money.ts';
import {
  ADDRESS,
  ctx,
  failed,
  item,
  managed,
  own,
  placed,
  retailer,
  shipped,
} from './retailer-fixtures.ts';

/** B0PLACES01 costs 19.99 and ships free with the cheapest method. */
const PRICE = 1999;

const address = (state: string, zip: string, country = 'US') => ({
  ...ADDRESS,
  state,
  zip_code: zip,
  country,
});
const components = (overrides: Record<string, unknown>) =>
  placed(retailer.place(managed(overrides), ctx())).price_components;

describe('money', () => {
  it('rounds half up, exactly, where binary floats would not', () => {
    // 200 × 0.0725 is 14.499999999999998 in floating point; the cent is 15.
    expect(200 * 0.0725).toBeLessThan(14.5);
    expect(percentOf(200, 7.25)).toBe(15);
    expect(percentOf(3000, 7.25)).toBe(218);
    expect(percentOf(1999, 6.25)).toBe(125);
    expect(percentOf(10, 5)).toBe(1);
    expect(percentOf(9, 5)).toBe(0);
    expect(percentOf(1234, 6.875)).toBe(85);
    expect(percentOf(2124, 110)).toBe(2336);
    expect(() => percentOf(10.5, 5)).toThrow(RangeError);
  });
});

describe('tax', () => {
  it.each([
    ['MA', '02139', 125],
    ['CA', '94105', percentOf(PRICE, 7.25)],
    ['NJ', '07030', percentOf(PRICE, 6.625)],
    ['OR', '97201', 0],
    ['NH', '03101', 0],
    ['AK', '99501', 0],
  ])('on a US storefront is the rate of %s (%s): %i', (state, zip, tax) => {
    expect(components({ shipping_address: address(state, zip) })).toMatchObject({
      subtotal: PRICE,
      shipping: 0,
      tax,
      total: PRICE + tax,
    });
  });

  it('is none for an address abroad on a US storefront', () => {
    expect(components({ shipping_address: address('ON', 'M5V 2T6', 'CA') }).tax).toBe(0);
  });

  it('is the storefront’s flat rate outside the US, in its currency', () => {
    const uk = components({
      retailer: 'amazon_uk',
      products: [item(TEST_PRODUCTS.ukCancelViaAttempting)],
      shipping_address: address('London', 'SW1A 1AA', 'GB'),
    });
    expect(uk).toMatchObject({
      currency: 'GBP',
      payment_currency: 'GBP',
      subtotal: 1099,
      tax: percentOf(1099, 20),
    });
  });

  it('is on the items after discount plus shipping', () => {
    const c = components({
      products: [item(TEST_PRODUCTS.noFreeShipping)],
      promo_codes: [{ code: 'SAVE10' }],
    });
    expect(c).toMatchObject({ subtotal: 2499, discount: 250, shipping: 599 });
    expect(c.tax).toBe(percentOf(2499 - 250 + 599, 6.25));
    expect(c.total).toBe(2499 - 250 + 599 + (c.tax as number));
  });

  it('fail_if_taxed fails taxes_not_allowed when there is tax, and places when there is none', () => {
    expect(failed(retailer.place(managed({ fail_if_taxed: true }), ctx()))).toMatchObject({
      code: 'taxes_not_allowed',
      data: { tax: 125 },
    });
    expect(components({ fail_if_taxed: true, shipping_address: address('OR', '97201') }).tax).toBe(
      0,
    );
  });
});

describe('promo codes at checkout', () => {
  it('documents a percentage, an amount and a free-shipping code', () => {
    expect(PROMO_CODES).toEqual({
      SAVE10: { percent: 10 },
      TAKE5: { amount: 500 },
      FREESHIP: { freeShipping: true },
    });
  });

  it.each([
    [[{ code: 'SAVE10' }], 250, 599],
    [[{ code: 'save10' }], 250, 599],
    [[{ code: 'TAKE5' }], 500, 599],
    [[{ code: 'FREESHIP' }], 0, 0],
    [[{ code: 'SAVE10' }, { code: 'TAKE5' }, { code: 'FREESHIP' }], 750, 0],
    [[{ code: 'SAVE10' }, { code: 'SAVE10' }], 250, 599],
    [[{ code: 'NOSUCHCODE', optional: true }], 0, 599],
  ])('%j: discount %i, shipping %i', (promo_codes, discount, shipping) => {
    // B0NOFREE01 is sold by the storefront at 24.99, 5.99 standard shipping.
    const c = components({
      products: [item(TEST_PRODUCTS.noFreeShipping, 1)],
      shipping_method: 'cheapest',
      promo_codes,
    });
    expect(c.subtotal).toBe(2499);
    expect(c.discount ?? 0).toBe(discount);
    expect(c.shipping).toBe(shipping);
  });

  it('applies a code with a merchant_id to that merchant’s items only', () => {
    const two = [item(TEST_PRODUCTS.alwaysPlaces), item(TEST_PRODUCTS.localSeller)];
    // B0PLACES01 from the storefront (19.99); B0ZIPONLY1 from A6HOMEGOODS (9.99) in 021xx.
    const only = components({
      products: two,
      promo_codes: [{ code: 'SAVE10', merchant_id: 'A6HOMEGOODS' }],
    });
    expect(only.discount).toBe(100);
    const none = components({
      products: two,
      promo_codes: [{ code: 'TAKE5', merchant_id: 'SOMEONE_ELSE' }],
    });
    expect(none.discount).toBeUndefined();
  });

  it('fails invalid_promo_code for a code the retailer does not know, unless it is optional', () => {
    expect(
      failed(retailer.place(managed({ promo_codes: [{ code: 'NOSUCHCODE' }] }), ctx())),
    ).toMatchObject({ code: 'invalid_promo_code', data: { code: 'NOSUCHCODE' } });
  });

  it('never takes off more than the items cost', () => {
    const cheap = components({
      products: [item(TEST_PRODUCTS.addOnOnly), item(TEST_PRODUCTS.alwaysPlaces)],
      promo_codes: [{ code: 'TAKE5', merchant_id: 'A1FIRSTPARTY' }],
      shipping_address: address('OR', '97201'),
    });
    expect(cheap.discount).toBe(500);
    expect(cheap.total).toBe(399 + PRICE - 500);
  });
});

describe('max_price', () => {
  it('fails max_price_exceeded with the price, when the total is above it', () => {
    expect(failed(retailer.place(own({ max_price: 2123 }), ctx()))).toMatchObject({
      code: 'max_price_exceeded',
      data: { max_price: 2123, price: 2124 },
    });
    expect(placed(retailer.place(own({ max_price: 2124 }), ctx())).price_components.total).toBe(
      2124,
    );
  });
});

describe('managed orders', () => {
  it('add the discount, the bid, and managed_cost = round(total × (1 − discount/100)) + bid', () => {
    const c = components({ managed_discount: -10, managed_priority_bid: 250 });
    expect(c).toMatchObject({
      total: 2124,
      managed_discount: -10,
      managed_priority_bid: 250,
      managed_cost: Math.round(2124 * 1.1) + 250,
    });
    expect(components({})).toMatchObject({
      managed_discount: 0,
      managed_priority_bid: 0,
      managed_cost: 2124,
    });
    expect(components({ managed_discount: -2.5 }).managed_cost).toBe(percentOf(2124, 102.5));
  });

  it('check max_price against the managed cost the client pays, bid included', () => {
    // The total (21.24) is under 22.00, the managed cost (21.24 + 2.00) is not.
    expect(
      failed(retailer.place(managed({ max_price: 2200, managed_priority_bid: 200 }), ctx())),
    ).toMatchObject({ code: 'max_price_exceeded', data: { max_price: 2200, price: 2324 } });
    expect(components({ max_price: 2324, managed_priority_bid: 200 }).managed_cost).toBe(2324);
  });

  it('are not priced as managed when self-managed', () => {
    expect(placed(retailer.place(own(), ctx())).price_components.managed_cost).toBeUndefined();
  });
});

describe('every amount', () => {
  it('is a whole number of cents for every catalog product, quantity and state', () => {
    let checked = 0;
    for (const product of shipped.products.filter((entry) => !entry.outcome)) {
      for (const [quantity, state, zip] of [
        [1, 'CA', '94105'],
        [3, 'MN', '55401'],
        [7, 'MO', '63101'],
      ] as const) {
        const result = retailer.place(
          own({
            retailer: product.retailer,
            products: [item(product.product_id, quantity, { allow_oos: true })],
            shipping_address: address(state, zip),
            billing_address: ADDRESS,
            promo_codes: [{ code: 'SAVE10' }],
          }),
          ctx(),
        );
        if (result.kind !== 'placed') continue;
        checked += 1;
        for (const [key, value] of Object.entries(result.order.price_components)) {
          if (typeof value === 'number') expect(Number.isInteger(value), key).toBe(true);
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});
