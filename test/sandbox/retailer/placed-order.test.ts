import { describe, expect, it } from 'vitest';
import { TEST_PRODUCTS } from '../../../sandbox/retailer/index.ts';
import {
  ADDRESS,
  ctx,
  DAY,
  HOUR,
  item,
  LOGIN,
  managed,
  NOW,
  own,
  placed,
  retailer,
} from './retailer-fixtures.ts';

const { alwaysPlaces, localSeller, cancelViaAttempting } = TEST_PRODUCTS;

describe('merchant orders', () => {
  it('are one per seller of the chosen offers', () => {
    // Both products come from the storefront: one merchant order.
    const one = placed(
      retailer.place(managed({ products: [item(alwaysPlaces), item(cancelViaAttempting)] }), ctx()),
    );
    expect(one.merchant_order_ids.map((entry) => entry.merchant)).toEqual(['A1FIRSTPARTY']);
    // In 021xx the local seller sells B0ZIPONLY1: two merchant orders.
    const two = placed(
      retailer.place(managed({ products: [item(alwaysPlaces), item(localSeller)] }), ctx()),
    );
    expect(two.merchant_order_ids.map((entry) => entry.merchant)).toEqual([
      'A1FIRSTPARTY',
      'A6HOMEGOODS',
    ]);
    expect(new Set(two.merchant_order_ids.map((entry) => entry.merchant_order_id)).size).toBe(2);
  });

  it('name the client’s account email for a self-managed order, placed now', () => {
    expect(placed(retailer.place(own(), ctx())).merchant_order_ids).toEqual([
      {
        merchant_order_id: expect.stringMatching(/^11[1-4]-\d{7}-\d{7}$/),
        merchant: 'A1FIRSTPARTY',
        account: LOGIN.email,
        placed_at: new Date(NOW).toISOString(),
      },
    ]);
  });

  it('name a managed prime account, or a non-prime one with managed_prime_optout', () => {
    const account = (overrides: Record<string, unknown>) =>
      placed(retailer.place(managed(overrides), ctx())).merchant_order_ids[0]?.account;
    expect(account({})).toMatch(/^managed-prime-(0[1-9]|1[0-2])$/);
    expect(account({ managed_prime_optout: true })).toMatch(/^managed-standard-(0[1-9]|1[0-2])$/);
  });

  it.each([
    ['amazon', alwaysPlaces, /^11[1-4]-\d{7}-\d{7}$/],
    ['amazon_uk', TEST_PRODUCTS.ukCancelViaAttempting, /^20[2-6]-\d{7}-\d{7}$/],
    ['walmart', TEST_PRODUCTS.walmartAlwaysPlaces, /^2\d{12}$/],
    ['homedepot', '317673606', /^W\d{9}$/],
    ['costco', '1331666470', /^1\d{9}$/],
    ['aliexpress', '1005002293226328', /^81\d{14}$/],
  ])('on %s look like that storefront’s order numbers', (code, id, shape) => {
    const order = placed(
      retailer.place(
        own({
          retailer: code,
          products: [item(id, 1, {})],
          ...(code === 'amazon_uk'
            ? {
                shipping_address: {
                  ...ADDRESS,
                  country: 'GB',
                  state: 'London',
                  zip_code: 'SW1A 1AA',
                },
              }
            : {}),
        }),
        ctx(),
      ),
    );
    expect(order.merchant_order_ids[0]?.merchant_order_id).toMatch(shape);
  });
});

describe('delivery dates', () => {
  it('are one per product: its seller, shipping method and the date of handling plus transit', () => {
    const order = placed(
      retailer.place(
        managed({
          products: [item(alwaysPlaces, 2), item(localSeller)],
          shipping_method: 'fastest',
        }),
        ctx(),
      ),
    );
    const date = (days: number) => new Date(NOW + days * DAY).toISOString().slice(0, 10);
    expect(order.delivery_dates).toEqual([
      expect.objectContaining({
        product_id: alwaysPlaces,
        quantity: 2,
        seller: 'A1FIRSTPARTY',
        shipping_method: 'Two-Day Shipping',
        delivery_date: date(1 + 2),
        merchant_order_id: order.merchant_order_ids[0]?.merchant_order_id,
      }),
      expect.objectContaining({
        product_id: localSeller,
        quantity: 1,
        seller: 'A6HOMEGOODS',
        delivery_date: date(1 + 2),
        merchant_order_id: order.merchant_order_ids[1]?.merchant_order_id,
      }),
    ]);
  });
});

describe('account status', () => {
  it('is given on the amazon family: prime, business with a po_number, non-prime with prime opt-out', () => {
    const status = (overrides: Record<string, unknown>) =>
      placed(retailer.place(managed(overrides), ctx())).account_status;
    expect(status({})).toEqual({ prime: true, fresh: false, business: false, charity: null });
    expect(status({ po_number: 4711 })).toMatchObject({ business: true });
    expect(status({ managed_prime_optout: true })).toMatchObject({ prime: false });
  });

  it('is left out elsewhere', () => {
    const order = placed(
      retailer.place(
        own({ retailer: 'walmart', products: [item(TEST_PRODUCTS.walmartAlwaysPlaces)] }),
        ctx(),
      ),
    );
    expect(order.account_status).toBeUndefined();
  });
});

describe('tracking', () => {
  it('arrives partially first: one entry within 1 to 2 hours, the rest after 1 to 2 days, even in one merchant order', () => {
    const order = placed(
      retailer.place(managed({ products: [item(alwaysPlaces), item(cancelViaAttempting)] }), ctx()),
    );
    expect(order.merchant_order_ids).toHaveLength(1);
    const [first, second] = order.tracking_schedule;
    expect(order.tracking_schedule).toHaveLength(2);
    expect((first?.visible_at ?? 0) - NOW).toBeGreaterThanOrEqual(HOUR);
    expect((first?.visible_at ?? 0) - NOW).toBeLessThan(2 * HOUR);
    expect((second?.visible_at ?? 0) - NOW).toBeGreaterThanOrEqual(DAY);
    expect((second?.visible_at ?? 0) - NOW).toBeLessThan(2 * DAY);
    const merchantOrder = order.merchant_order_ids[0]?.merchant_order_id;
    expect(order.tracking_schedule.map((entry) => entry.tracking)).toEqual([
      expect.objectContaining({ product_id: alwaysPlaces, merchant_order_id: merchantOrder }),
      expect.objectContaining({
        product_id: cancelViaAttempting,
        merchant_order_id: merchantOrder,
      }),
    ]);
  });

  it('names a carrier of the storefront and a tracking number of that carrier’s shape', () => {
    const shapes: Record<string, RegExp> = {
      'Amazon Logistics': /^TBA\d{12}$/,
      UPS: /^1Z[A-Z0-9]{6}\d{10}$/,
      USPS: /^9400\d{18}$/,
    };
    const seen = new Set<string>();
    for (let seed = 1; seed <= 40; seed++) {
      for (const { tracking } of placed(retailer.place(managed(), ctx(seed))).tracking_schedule) {
        seen.add(tracking.carrier);
        expect(tracking.tracking_number).toMatch(shapes[tracking.carrier] as RegExp);
      }
    }
    expect([...seen].sort()).toEqual(Object.keys(shapes).sort());
  });
});

describe('repeatability', () => {
  it('gives the same order for the same request, time and seed, and other ids for another seed', () => {
    const request = managed({ products: [item(alwaysPlaces), item(localSeller)] });
    const first = retailer.place(request, ctx(5));
    expect(retailer.place(request, ctx(5))).toEqual(first);
    const other = placed(retailer.place(request, ctx(6)));
    expect(other.price_components).toEqual(placed(first).price_components);
    expect(other.merchant_order_ids.map((entry) => entry.merchant_order_id)).not.toEqual(
      placed(first).merchant_order_ids.map((entry) => entry.merchant_order_id),
    );
  });

  it('depends on the clock only through ctx.now', () => {
    const later = NOW + 3 * DAY;
    const order = placed(retailer.place(own(), ctx(5, later)));
    expect(order.merchant_order_ids[0]?.placed_at).toBe(new Date(later).toISOString());
    expect(order.delivery_dates[0]?.delivery_date).toBe(
      new Date(later + 6 * DAY).toISOString().slice(0, 10),
    );
  });
});
