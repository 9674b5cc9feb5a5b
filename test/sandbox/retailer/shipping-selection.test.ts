import { describe, expect, it } from 'vitest';
import { TEST_PRODUCTS } from '../../../sandbox/retailer/index.ts';
import { selectShipping } from '../../../sandbox/retailer/shipping-selection.ts';
import {
  catalogProduct,
  ctx,
  DAY,
  failed,
  item,
  managed,
  NOW,
  own,
  placed,
  retailer,
} from './retailer-fixtures.ts';

const AMAZON = { marketplace: true, defaultDayName: 'Marketplace Day' };
const threeSeven = catalogProduct('amazon', TEST_PRODUCTS.threeOrSevenDays);
const places = catalogProduct('amazon', TEST_PRODUCTS.alwaysPlaces);

/** The name of the chosen method, or the failure code. */
function chosen(
  order: Parameters<typeof selectShipping>[1],
  product = threeSeven,
  rules = AMAZON,
): string {
  const choice = selectShipping(product, order, rules);
  return 'option' in choice ? choice.option.name : choice.code;
}

describe('the shipping object', () => {
  it('max_days keeps methods arriving in fewer days: of 3 and 7 days with max_days 5, the dearer 3-day one', () => {
    expect(threeSeven.shipping.map(({ days, price }) => [days, price])).toEqual([
      [3, 1299],
      [7, 199],
    ]);
    expect(chosen({ shipping: { max_days: 5 } })).toBe('Three-Day Shipping');
    expect(chosen({ shipping: { max_days: 5, order_by: 'price' } })).toBe('Three-Day Shipping');
    // Fewer than 7 days leaves out the 7-day method; fewer than 8 keeps it, and it is cheaper.
    expect(chosen({ shipping: { max_days: 7 } })).toBe('Three-Day Shipping');
    expect(chosen({ shipping: { max_days: 8 } })).toBe('Seven-Day Shipping');
  });

  it('the same example through a whole placement', () => {
    const order = placed(
      retailer.place(
        managed({
          products: [item(TEST_PRODUCTS.threeOrSevenDays)],
          shipping_method: undefined,
          shipping: { max_days: 5 },
        }),
        ctx(),
      ),
    );
    expect(order.delivery_dates[0]?.shipping_method).toBe('Three-Day Shipping');
    expect(order.price_components.shipping).toBe(1299);
  });

  it('order_by price takes the cheapest remaining method, speed the fastest', () => {
    expect(chosen({ shipping: {} })).toBe('Seven-Day Shipping');
    expect(chosen({ shipping: { order_by: 'price' } })).toBe('Seven-Day Shipping');
    expect(chosen({ shipping: { order_by: 'speed' } })).toBe('Three-Day Shipping');
  });

  it('max_price keeps methods costing at most that many cents', () => {
    expect(chosen({ shipping: { order_by: 'speed', max_price: 1299 } })).toBe('Three-Day Shipping');
    expect(chosen({ shipping: { order_by: 'speed', max_price: 1298 } })).toBe('Seven-Day Shipping');
  });

  it('fails shipping_method_unavailable when no method is left, saying which limits', () => {
    const choice = selectShipping(
      threeSeven,
      { shipping: { max_days: 3, max_price: 100 } },
      AMAZON,
    );
    expect(choice).toMatchObject({ code: 'shipping_method_unavailable' });
    expect('message' in choice && choice.message).toMatch(
      /fewer than 3 days and costing at most 1\.00 USD/,
    );
  });
});

describe('shipping_method', () => {
  it('cheapest and fastest choose among the regular methods', () => {
    expect(chosen({ shipping_method: 'cheapest' })).toBe('Seven-Day Shipping');
    expect(chosen({ shipping_method: 'fastest' })).toBe('Three-Day Shipping');
    // The always-placing product's day deliveries are free too, but only marketplace_day chooses them.
    expect(chosen({ shipping_method: 'cheapest' }, places)).toBe('Standard Shipping');
    expect(chosen({ shipping_method: 'fastest' }, places)).toBe('Two-Day Shipping');
  });

  it('free takes a free method, and fails no_free_shipping for an item without one', () => {
    expect(chosen({ shipping_method: 'free' }, places)).toBe('Standard Shipping');
    expect(chosen({ shipping_method: 'free' })).toBe('no_free_shipping');
    const failure = failed(
      retailer.place(
        managed({ products: [item(TEST_PRODUCTS.noFreeShipping)], shipping_method: 'free' }),
        ctx(),
      ),
    );
    expect(failure).toMatchObject({
      code: 'no_free_shipping',
      data: { product_id: TEST_PRODUCTS.noFreeShipping },
    });
  });

  it('marketplace_day takes the named day delivery, or the retailer default', () => {
    expect(chosen({ shipping_method: 'marketplace_day' }, places)).toBe('Marketplace Day');
    expect(
      chosen({ shipping_method: 'marketplace_day', marketplace_day: 'Weekend Day' }, places),
    ).toBe('Weekend Day');
    const order = placed(
      retailer.place(
        managed({ shipping_method: 'marketplace_day', marketplace_day: 'Weekend Day' }),
        ctx(),
      ),
    );
    // The storefront ships in 1 day of handling, then 6 days to the weekend delivery.
    expect(order.delivery_dates[0]).toMatchObject({
      shipping_method: 'Weekend Day',
      delivery_date: new Date(NOW + 7 * DAY).toISOString().slice(0, 10),
    });
  });

  it('marketplace_day fails shipping_method_unavailable for an unknown name, a product without day delivery, and other storefronts', () => {
    const unknown = selectShipping(
      places,
      { shipping_method: 'marketplace_day', marketplace_day: 'Moon Day' },
      AMAZON,
    );
    expect(unknown).toMatchObject({ code: 'shipping_method_unavailable' });
    expect('message' in unknown && unknown.message).toMatch(/“Marketplace Day”, “Weekend Day”/);
    expect(chosen({ shipping_method: 'marketplace_day' })).toBe('shipping_method_unavailable');
    expect(
      failed(
        retailer.place(
          own({
            retailer: 'walmart',
            products: [item(TEST_PRODUCTS.walmartAlwaysPlaces)],
            shipping_method: 'marketplace_day',
          }),
          ctx(),
        ),
      ).code,
    ).toBe('shipping_method_unavailable');
  });
});

describe('max_delivery_days', () => {
  it('fails max_delivery_days_exceeded when the estimate is later than that many days from now', () => {
    const slow = (days: number) =>
      retailer.place(
        managed({ products: [item(TEST_PRODUCTS.slowDelivery)], max_delivery_days: days }),
        ctx(),
      );
    expect(failed(slow(11))).toMatchObject({
      code: 'max_delivery_days_exceeded',
      data: { estimated_days: 12, max_delivery_days: 11 },
    });
    expect(placed(slow(12)).delivery_dates[0]?.delivery_date).toBe(
      new Date(NOW + 12 * DAY).toISOString().slice(0, 10),
    );
  });

  it('judges the slowest product of the order', () => {
    const result = retailer.place(
      managed({
        products: [item(TEST_PRODUCTS.alwaysPlaces), item(TEST_PRODUCTS.slowDelivery)],
        max_delivery_days: 7,
      }),
      ctx(),
    );
    expect(failed(result).data).toMatchObject({ product_id: TEST_PRODUCTS.slowDelivery });
  });
});
