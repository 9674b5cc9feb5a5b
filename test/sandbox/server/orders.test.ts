import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS, type Api, managedOrder, openApi, ownOrder } from './helpers.ts';

let api: Api;
beforeAll(async () => {
  api = await openApi();
});
afterAll(() => api.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('an order’s life', () => {
  it('is request_processing first, then a placed order_response with every field of the spec', async () => {
    const id = await api.create(ownOrder({ client_notes: { ref: 'abc' } }));
    const first = await api.get(`/v1/orders/${id}`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ _type: 'error', code: 'request_processing', data: {} });
    const placed = await api.settled(id);
    expect(placed._type).toBe('order_response');
    expect(placed.price_components).toMatchObject({
      currency: 'USD',
      payment_currency: 'USD',
      subtotal: 1999,
      shipping: 0,
    });
    for (const key of ['converted_payment_total', 'shipping', 'subtotal', 'tax', 'total']) {
      expect(Number.isInteger(placed.price_components[key]), key).toBe(true);
    }
    // Massachusetts sales tax, 6.25%.
    expect(placed.price_components.tax).toBe(125);
    expect(placed.price_components.total).toBe(1999 + 125);
    expect(placed.merchant_order_ids).toEqual([
      {
        merchant_order_id: expect.stringMatching(/^\d{3}-\d{7}-\d{7}$/),
        merchant: 'A1FIRSTPARTY',
        account: 'jane@example.com',
        placed_at: expect.any(String),
      },
    ]);
    expect(placed.tracking).toEqual([]);
    expect(placed.request.client_notes).toEqual({ ref: 'abc' });
    expect(placed.request.payment_method.number).toBe('4242424242424242');
    expect(placed.delivery_dates).toHaveLength(1);
    expect(placed.account_status).toEqual({
      prime: true,
      fresh: false,
      business: false,
      charity: null,
    });
    // Final means final.
    expect((await api.get(`/v1/orders/${id}`)).body).toEqual(placed);
  });

  it('gets tracking later: partial first, then all', async () => {
    const id = await api.create(
      managedOrder({
        products: [
          { product_id: 'B0PLACES01', quantity: 1 },
          { product_id: 'B0ZIPONLY1', quantity: 1 },
        ],
      }),
    );
    const placed = await api.settled(id);
    // Two sellers (the storefront and a local seller for 021xx): two merchant orders.
    expect(placed.merchant_order_ids).toHaveLength(2);
    await api.advance(2 * HOUR + 1000);
    const partial = (await api.get(`/v1/orders/${id}`)).body;
    expect(partial.tracking).toHaveLength(1);
    expect(partial.tracking[0]).toMatchObject({
      product_id: 'B0PLACES01',
      carrier: expect.any(String),
      tracking_number: expect.any(String),
      obtained_at: expect.any(String),
    });
    await api.advance(2 * DAY);
    const full = (await api.get(`/v1/orders/${id}`)).body;
    expect(full.tracking).toHaveLength(2);
    expect(
      new Set(full.tracking.map((entry: { merchant_order_id: string }) => entry.merchant_order_id))
        .size,
    ).toBe(2);
  });

  it('aborts an order in progress: request_processing while pending, then aborted_request', async () => {
    const slow = await openApi({ processingMs: 2_000 });
    try {
      const id = await slow.create(managedOrder({ addax: true }));
      const aborting = await slow.post(`/v1/orders/${id}/abort`);
      expect(aborting.status).toBe(200);
      expect(aborting.body.code).toBe('request_processing');
      await slow.advance(600);
      expect((await slow.get(`/v1/orders/${id}`)).body).toMatchObject({
        _type: 'error',
        code: 'aborted_request',
      });
    } finally {
      await slow.close();
    }
  });

  it('leaves a placed order unchanged when asked to abort it', async () => {
    const id = await api.create(managedOrder());
    const placed = await api.settled(id);
    const answer = await api.post(`/v1/orders/${id}/abort`);
    expect(answer.body).toEqual(placed);
  });

  it('answers the same idempotency key with the same request id, once', async () => {
    const before = (await api.control('state', undefined, 'GET')).tokens.sandbox.orders;
    const body = managedOrder({ idempotency_key: 'k-1' });
    const first = await api.post('/v1/orders', body);
    const again = await api.post('/v1/orders', body);
    expect(again.body.request_id).toBe(first.body.request_id);
    expect((await api.control('state', undefined, 'GET')).tokens.sandbox.orders).toBe(before + 1);
    const changed = await api.post(
      '/v1/orders',
      managedOrder({ idempotency_key: 'k-1', max_price: 5 }),
    );
    expect(changed).toMatchObject({
      status: 400,
      body: { code: 'invalid_request', data: { field: 'idempotency_key' } },
    });
    // Another token's same key is its own.
    const other = await api.post('/v1/orders', body, 'other');
    expect(other.body.request_id).not.toBe(first.body.request_id);
  });
});

describe('failures by the rules', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['max price', managedOrder({ max_price: 500 }), 'max_price_exceeded'],
    [
      'delivery days',
      managedOrder({ products: [{ product_id: 'B0SLOWDLV1', quantity: 1 }], max_delivery_days: 5 }),
      'max_delivery_days_exceeded',
    ],
    [
      'free shipping',
      managedOrder({
        products: [{ product_id: 'B0NOFREE01', quantity: 1 }],
        shipping_method: 'free',
      }),
      'no_free_shipping',
    ],
    [
      'gift',
      managedOrder({
        products: [{ product_id: 'B0NOGIFT01', quantity: 1 }],
        is_gift: true,
        require_gift: true,
      }),
      'no_gift_shipping',
    ],
    [
      'expired id',
      managedOrder({
        products: [{ product_id: 'B0OLDID001', quantity: 1 }],
        strict_expired_product_id: true,
      }),
      'expired_product_id',
    ],
    ['taxed', managedOrder({ fail_if_taxed: true }), 'taxes_not_allowed'],
    [
      'unavailable',
      managedOrder({ products: [{ product_id: 'B0OOSTOCK1', quantity: 1 }] }),
      'product_unavailable',
    ],
    [
      'unknown product',
      managedOrder({ products: [{ product_id: 'B0ZZZZZZZZ', quantity: 1 }] }),
      'product_unavailable',
    ],
    [
      'not an ASIN',
      managedOrder({ products: [{ product_id: 'not-an-id', quantity: 1 }] }),
      'unsupported_product_id',
    ],
    [
      'declined card',
      ownOrder({
        payment_method: {
          name_on_card: 'J',
          number: '4000000000000002',
          security_code: '123',
          expiration_month: 1,
          expiration_year: 2099,
        },
      }),
      'credit_card_declined',
    ],
    [
      'bad card number',
      ownOrder({
        payment_method: {
          name_on_card: 'J',
          number: '4242424242424241',
          security_code: '123',
          expiration_month: 1,
          expiration_year: 2099,
        },
      }),
      'invalid_card_number',
    ],
    [
      'expired card',
      ownOrder({
        payment_method: {
          name_on_card: 'J',
          number: '4242424242424242',
          security_code: '123',
          expiration_month: 1,
          expiration_year: 2020,
        },
      }),
      'invalid_expiration_date',
    ],
    [
      'security code',
      ownOrder({
        payment_method: {
          name_on_card: 'J',
          number: '4242424242424242',
          security_code: '000',
          expiration_month: 1,
          expiration_year: 2099,
        },
      }),
      'invalid_security_code',
    ],
    [
      'wrong password',
      ownOrder({ retailer_credentials: { email: 'jane@example.com', password: 'wrong-password' } }),
      'invalid_login_credentials',
    ],
    [
      'locked account',
      ownOrder({ retailer_credentials: { email: 'jane@locked.example', password: 'x' } }),
      'account_locked',
    ],
    [
      'refused address',
      managedOrder({ shipping_address: { ...ADDRESS, zip_code: '99901' } }),
      'shipping_address_refused',
    ],
    [
      'no delivery',
      managedOrder({ shipping_address: { ...ADDRESS, zip_code: '99902' } }),
      'shipping_address_unavailable',
    ],
    [
      'quantity cap',
      managedOrder({ products: [{ product_id: 'B0MAXQTY02', quantity: 3 }] }),
      'max_quantity_exceeded',
    ],
    [
      'add-on',
      managedOrder({ products: [{ product_id: 'B0ADDON001', quantity: 1 }] }),
      'add_on_item',
    ],
    [
      'probably placed',
      managedOrder({ products: [{ product_id: 'B0PROBPLC1', quantity: 1 }] }),
      'order_probably_placed',
    ],
    [
      'internal error',
      managedOrder({ products: [{ product_id: 'B0INTERR01', quantity: 1 }] }),
      'internal_error',
    ],
    ['bad promo', managedOrder({ promo_codes: [{ code: 'NOPE' }] }), 'invalid_promo_code'],
    [
      'no such day',
      managedOrder({ shipping_method: 'marketplace_day', marketplace_day: 'Moon Day' }),
      'shipping_method_unavailable',
    ],
  ];
  for (const [name, order, code] of cases) {
    it(`${name}: ${code}`, async () => {
      const id = await api.create(order);
      const body = await api.settled(id);
      expect(body).toMatchObject({
        _type: 'error',
        code,
        message: expect.any(String),
        data: { msg: expect.any(String) },
      });
      expect(body.request).toEqual(JSON.parse(JSON.stringify(order)));
    });
  }

  it('buys the successor of an expired id when strict_expired_product_id is off', async () => {
    const placed = await api.settled(
      await api.create(managedOrder({ products: [{ product_id: 'B0OLDID001', quantity: 1 }] })),
    );
    expect(placed._type).toBe('order_response');
    expect(placed.delivery_dates[0]).toMatchObject({
      product_id: 'B0NEWID001',
      requested_product_id: 'B0OLDID001',
    });
  });

  it('places a business order with a purchase order number', async () => {
    const placed = await api.settled(await api.create(managedOrder({ po_number: 4711 })));
    expect(placed.account_status.business).toBe(true);
  });

  it('places a walmart order without account status', async () => {
    const placed = await api.settled(
      await api.create(
        ownOrder({ retailer: 'walmart', products: [{ product_id: '900000001', quantity: 2 }] }),
      ),
    );
    expect(placed._type).toBe('order_response');
    expect(placed.account_status).toBeUndefined();
    expect(placed.price_components.subtotal).toBe(2 * 1299);
    expect(placed.merchant_order_ids[0].merchant_order_id).toMatch(/^\d{13}$/);
  });
});
