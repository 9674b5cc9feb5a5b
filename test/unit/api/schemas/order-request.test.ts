import { describe, expect, it } from 'vitest';
import { describeProblems } from '../../../../src/api/problems.ts';
import { orderRequestSchema } from '../../../../src/api/schemas/order-request.ts';
import { type AddressField, addressFieldLabel } from '../../../../src/shared/address-rules.ts';

const ADDRESS = {
  first_name: 'Jane',
  last_name: 'Doe',
  address_line1: '1 Main St',
  zip_code: '02139',
  city: 'Cambridge',
  state: 'MA',
  country: 'US',
  phone_number: '6175550100',
};
const CARD = {
  name_on_card: 'Jane Doe',
  number: '4242424242424242',
  security_code: '123',
  expiration_month: 12,
  expiration_year: 2030,
};
const SELF: Record<string, unknown> = {
  retailer: 'amazon',
  products: [{ product_id: 'B0PLACES01', quantity: 1 }],
  shipping_address: ADDRESS,
  is_gift: false,
  shipping_method: 'cheapest',
  billing_address: ADDRESS,
  payment_method: CARD,
  retailer_credentials: { email: 'jane@example.com', password: 'pw' },
};
const MANAGED: Record<string, unknown> = {
  retailer: 'amazon',
  products: [{ product_id: 'B0PLACES01', quantity: 1 }],
  shipping_address: ADDRESS,
  is_gift: false,
  shipping_method: 'cheapest',
  addax: true,
  max_price: 5000,
};

const without = (base: Record<string, unknown>, field: string) => {
  const copy = { ...base };
  delete copy[field];
  return copy;
};

/** The problems of a body, as [field, message]; empty when it passes. */
function problems(body: unknown) {
  const result = orderRequestSchema().safeParse(body);
  return result.success ? [] : describeProblems(result.error);
}

function expectFailure(body: unknown, field: string) {
  const found = problems(body);
  const problem = found.find((candidate) => candidate.field === field);
  expect(problem, `expected a problem at ${field}, got ${JSON.stringify(found)}`).toBeDefined();
  // A plain sentence that names the field: an address field by its label.
  const [parent, key] = field.split('.');
  const named =
    key && /^(shipping|billing)_address$/.test(parent ?? '')
      ? addressFieldLabel(key as AddressField, 'US')
      : field === ''
        ? 'The request'
        : field;
  expect(problem?.message.startsWith(named)).toBe(true);
  expect(problem?.message).toMatch(/\.$/);
}

describe('the order request', () => {
  it('accepts a complete self-managed order and a complete managed order', () => {
    expect(problems(SELF)).toEqual([]);
    expect(problems(MANAGED)).toEqual([]);
  });

  it.each([
    'retailer',
    'products',
    'shipping_address',
    'is_gift',
    'retailer_credentials',
    'payment_method',
    'billing_address',
  ])('requires %s in a self-managed order', (field) => expectFailure(without(SELF, field), field));

  it.each(['retailer_credentials', 'payment_method', 'billing_address'])(
    'refuses %s in a managed order',
    (field) => {
      const value =
        field === 'payment_method'
          ? CARD
          : field === 'billing_address'
            ? ADDRESS
            : { email: 'a@b.co', password: 'x' };
      expectFailure({ ...MANAGED, [field]: value }, field);
    },
  );

  it('requires an integer max_price in a managed order', () => {
    expectFailure(without(MANAGED, 'max_price'), 'max_price');
    expectFailure({ ...MANAGED, max_price: 49.5 }, 'max_price');
    expectFailure({ ...MANAGED, max_price: -1 }, 'max_price');
    expect(problems({ ...MANAGED, max_price: 0 })).toEqual([]);
  });

  it('wants exactly one of shipping_method and shipping', () => {
    expectFailure(without(MANAGED, 'shipping_method'), 'shipping_method');
    expectFailure({ ...MANAGED, shipping: { order_by: 'price' } }, 'shipping');
    expect(
      problems({
        ...without(MANAGED, 'shipping_method'),
        shipping: { order_by: 'speed', max_days: 5, max_price: 1000 },
      }),
    ).toEqual([]);
  });

  it.each(['cheapest', 'fastest', 'marketplace_day', 'free'])(
    'accepts shipping_method %s',
    (method) => {
      expect(problems({ ...MANAGED, shipping_method: method })).toEqual([]);
    },
  );

  it('refuses another shipping_method and a bad shipping object', () => {
    expectFailure({ ...MANAGED, shipping_method: 'overnight' }, 'shipping_method');
    const object = without(MANAGED, 'shipping_method');
    expectFailure({ ...object, shipping: { order_by: 'weight' } }, 'shipping.order_by');
    expectFailure({ ...object, shipping: { max_days: 2.5 } }, 'shipping.max_days');
    expectFailure({ ...object, shipping: { max_price: 4.99 } }, 'shipping.max_price');
  });

  it('limits gift_message to 240 characters and 9 lines', () => {
    expect(problems({ ...MANAGED, gift_message: 'x'.repeat(240) })).toEqual([]);
    expectFailure({ ...MANAGED, gift_message: 'x'.repeat(241) }, 'gift_message');
    const lines = (count: number, breakWith = '\n') =>
      Array.from({ length: count }, (_, i) => `line ${i}`).join(breakWith);
    expect(problems({ ...MANAGED, gift_message: lines(9) })).toEqual([]);
    expectFailure({ ...MANAGED, gift_message: lines(10) }, 'gift_message');
    expectFailure({ ...MANAGED, gift_message: lines(10, '\r\n') }, 'gift_message');
  });

  it('keeps managed_discount from -50 to 0', () => {
    expect(problems({ ...MANAGED, managed_discount: -50 })).toEqual([]);
    expect(problems({ ...MANAGED, managed_discount: 0 })).toEqual([]);
    expectFailure({ ...MANAGED, managed_discount: -51 }, 'managed_discount');
    expectFailure({ ...MANAGED, managed_discount: 1 }, 'managed_discount');
  });

  it('wants positive whole quantities and at least one product', () => {
    for (const quantity of [0, -1, 1.5, '2'])
      expectFailure(
        { ...MANAGED, products: [{ product_id: 'B0PLACES01', quantity }] },
        'products.0.quantity',
      );
    expectFailure({ ...MANAGED, products: [{ product_id: 'B0PLACES01' }] }, 'products.0.quantity');
    expectFailure({ ...MANAGED, products: [] }, 'products');
    expectFailure({ ...MANAGED, products: [{ quantity: 1 }] }, 'products.0.product_id');
  });

  it('wants whole cents wherever money is in cents', () => {
    const criteria = (max_item_price: unknown) => ({
      ...MANAGED,
      products: [
        { product_id: 'B0PLACES01', quantity: 1, seller_selection_criteria: { max_item_price } },
      ],
    });
    expect(problems(criteria(1999))).toEqual([]);
    expectFailure(criteria(19.99), 'products.0.seller_selection_criteria.max_item_price');
    expectFailure(criteria(-1), 'products.0.seller_selection_criteria.max_item_price');
    expect(
      problems({
        ...MANAGED,
        promo_codes: [{ code: 'A', discount_amount: 500, cost_override: 1000 }],
      }),
    ).toEqual([]);
    expectFailure(
      { ...MANAGED, promo_codes: [{ code: 'A', discount_amount: 5.5 }] },
      'promo_codes.0.discount_amount',
    );
    expectFailure(
      { ...MANAGED, promo_codes: [{ code: 'A', cost_override: 0.5 }] },
      'promo_codes.0.cost_override',
    );
    expectFailure(
      { ...MANAGED, promo_codes: [{ code: 'A', discount_percentage: 101 }] },
      'promo_codes.0.discount_percentage',
    );
    expect(problems({ ...MANAGED, managed_priority_bid: 100 })).toEqual([]);
    expectFailure({ ...MANAGED, managed_priority_bid: 1.5 }, 'managed_priority_bid');
    expectFailure({ ...MANAGED, managed_priority_bid: -100 }, 'managed_priority_bid');
  });

  it('knows the seller criteria and their values', () => {
    const withCriteria = (seller_selection_criteria: unknown) => ({
      ...MANAGED,
      products: [{ product_id: 'B0PLACES01', quantity: 1, seller_selection_criteria }],
    });
    expect(
      problems(
        withCriteria({
          addon: false,
          buy_box: true,
          condition_in: ['New', 'Used - Like New'],
          condition_not_in: ['Used - Acceptable'],
          first_party_seller: false,
          handling_days_max: 3,
          international: false,
          max_item_price: 5000,
          merchant_id_in: ['A1'],
          merchant_id_not_in: ['A2'],
          min_seller_num_ratings: 100,
          min_seller_percent_positive_feedback: 92.5,
          prime: true,
          allow_oos: false,
        }),
      ),
    ).toEqual([]);
    expectFailure(
      withCriteria({ condition_in: ['Mint'] }),
      'products.0.seller_selection_criteria.condition_in.0',
    );
    expectFailure(
      withCriteria({ handling_days_max: 1.5 }),
      'products.0.seller_selection_criteria.handling_days_max',
    );
    expectFailure(
      withCriteria({ min_seller_percent_positive_feedback: 120 }),
      'products.0.seller_selection_criteria.min_seller_percent_positive_feedback',
    );
    expectFailure(withCriteria({ colour: 'red' }), 'products.0.seller_selection_criteria.colour');
  });

  it('refuses unknown fields by name, and an unknown retailer', () => {
    expectFailure({ ...MANAGED, shiping_method: 'free' }, 'shiping_method');
    expectFailure({ ...MANAGED, retailer: 'ebay' }, 'retailer');
  });

  it('keeps the amazon-only fields to the amazon storefronts', () => {
    const walmart = {
      ...SELF,
      retailer: 'walmart',
      products: [{ product_id: '900000001', quantity: 1 }],
    };
    expect(problems(walmart)).toEqual([]);
    for (const [field, value] of [
      ['po_number', 12],
      ['marketplace_day', 'Weekend Day'],
      ['max_delivery_days', 5],
    ] as const) {
      expectFailure({ ...walmart, [field]: value }, field);
      expect(problems({ ...SELF, retailer: 'amazon_de', [field]: value })).toEqual([]);
    }
  });

  it('offers managed mode only where decisions.md says it exists', () => {
    expect(problems({ ...MANAGED, retailer: 'amazon_uk' })).toEqual([]);
    for (const retailer of ['amazon_ca', 'walmart', 'costco'])
      expectFailure({ ...MANAGED, retailer }, 'addax');
  });

  it('checks addresses: the required set and the formats', () => {
    for (const field of [
      'first_name',
      'last_name',
      'address_line1',
      'zip_code',
      'city',
      'state',
      'country',
      'phone_number',
    ]) {
      expectFailure(
        { ...MANAGED, shipping_address: without(ADDRESS, field) },
        `shipping_address.${field}`,
      );
    }
    expect(
      problems({
        ...MANAGED,
        shipping_address: { ...ADDRESS, address_line2: 'Apt 2', instructions: 'Back door' },
      }),
    ).toEqual([]);
    expectFailure(
      { ...MANAGED, shipping_address: { ...ADDRESS, country: 'USA' } },
      'shipping_address.country',
    );
    expectFailure(
      { ...MANAGED, shipping_address: { ...ADDRESS, state: 'Massachusetts' } },
      'shipping_address.state',
    );
    expectFailure(
      { ...MANAGED, shipping_address: { ...ADDRESS, zip_code: '2139' } },
      'shipping_address.zip_code',
    );
    expect(
      problems({
        ...MANAGED,
        retailer: 'amazon_uk',
        shipping_address: { ...ADDRESS, country: 'GB', state: 'London', zip_code: 'SW1A 1AA' },
      }),
    ).toEqual([]);
  });

  it('takes a card or the gift balance as payment', () => {
    expect(problems({ ...SELF, payment_method: { use_gift: true } })).toEqual([]);
    expectFailure(
      { ...SELF, payment_method: without(CARD, 'security_code') },
      'payment_method.security_code',
    );
    expectFailure(
      { ...SELF, payment_method: { ...CARD, number: '4242 4242' } },
      'payment_method.number',
    );
    expectFailure(
      { ...SELF, payment_method: { ...CARD, expiration_month: 13 } },
      'payment_method.expiration_month',
    );
  });

  it('checks credentials and webhooks', () => {
    expect(
      problems({
        ...SELF,
        retailer_credentials: { email: 'jane@example.com', password: 'pw', totp_2fa_key: 'JBSW' },
      }),
    ).toEqual([]);
    expectFailure(
      { ...SELF, retailer_credentials: { email: 'not-an-email', password: 'pw' } },
      'retailer_credentials.email',
    );
    expectFailure(
      { ...SELF, retailer_credentials: { email: 'jane@example.com' } },
      'retailer_credentials.password',
    );
    expect(
      problems({
        ...MANAGED,
        webhooks: {
          request_succeeded: 'https://hooks.example/ok',
          case_updated: 'http://127.0.0.1:9/x',
        },
      }),
    ).toEqual([]);
    expectFailure(
      { ...MANAGED, webhooks: { request_failed: 'ftp://x' } },
      'webhooks.request_failed',
    );
    expectFailure({ ...MANAGED, webhooks: { on_fire: 'https://x.example' } }, 'webhooks.on_fire');
  });

  it('accepts every other field of the spec, and an idempotency key', () => {
    expect(
      problems({
        ...MANAGED,
        is_gift: true,
        gift_message: 'Happy birthday!\nLove, J',
        require_gift: true,
        client_notes: { anything: [1, 2], ref: 'x' },
        promo_codes: [{ code: 'SAVE10', optional: true, merchant_id: 'A1' }],
        strict_expired_product_id: true,
        po_number: 4711,
        marketplace_day: 'Marketplace Day',
        fail_if_taxed: true,
        max_delivery_days: 7,
        take_buybox_offers: false,
        force_offers_postal_code: '10001',
        managed_discount: -10,
        addax_queue_timeout: 600,
        managed_prime_optout: true,
        managed_priority_bid: 250,
        idempotency_key: 'abc-123',
      }),
    ).toEqual([]);
  });

  it('reports a non-object as a problem of the request itself', () => {
    expectFailure('an order', '');
  });
});
