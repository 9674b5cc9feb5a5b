import { describe, expect, it } from 'vitest';
import {
  type CatalogProduct,
  createSimulatedRetailer,
  loadCatalog,
  type Offer,
  productPageUrl,
  renderProductPage,
} from '../../../sandbox/retailer/index.ts';
import { handlingDays, selectOffer } from '../../../sandbox/retailer/offer-selection.ts';
import { selectShipping } from '../../../sandbox/retailer/shipping-selection.ts';
import { seededRandom } from '../../../sandbox/server/clock.ts';
import { RETAILER_CODES } from '../../../src/api/retailers.ts';
import { type OrderRequest, orderRequestSchema } from '../../../src/api/schemas/order-request.ts';
import { managedOrder } from '../server/helpers.ts';

const catalog = loadCatalog();
const retailer = createSimulatedRetailer();
const ctx = (seed = 1) => ({
  now: Date.UTC(2026, 10, 22),
  random: seededRandom(seed),
  requestId: 'r1',
});
const order = (overrides: Record<string, unknown>) =>
  orderRequestSchema.parse(managedOrder(overrides));

const offer = (overrides: Partial<Offer>): Offer => ({
  merchant_id: 'M',
  seller_name: 'Seller',
  condition: 'New',
  prime: true,
  first_party: false,
  international: false,
  addon: false,
  buy_box: false,
  handling_days: 1,
  ratings_count: 100,
  positive_percent: 95,
  price: 1000,
  stock: 10,
  gift: true,
  ...overrides,
});

const product = (offers: Offer[]): CatalogProduct => ({
  retailer: 'amazon',
  product_id: 'B0TESTTEST',
  title: 'Test',
  slug: 'test',
  currency: 'USD',
  color: '#000',
  page: 'full',
  offers,
  shipping: [
    { name: 'Standard', days: 5, price: 0, free: true },
    { name: 'Slow', days: 9, price: 0, free: false },
  ],
});

const context = { quantity: 1, postalCode: '02139', promos: [], takeBuyBox: false };

describe('offer selection', () => {
  it('with no criteria uses the spec’s defaults: prime, handling within 6 days, New', () => {
    const placed = retailer.place(
      order({ products: [{ product_id: 'B0HANDLING', quantity: 1 }] }),
      ctx(),
    );
    // The cheapest seller gives no handling information (the longest arrival, 8 days,
    // counts) and the next ships in 9 days: only QuickShip ships within 6.
    expect(placed.kind).toBe('placed');
    if (placed.kind === 'placed')
      expect(placed.order.merchant_order_ids[0]?.merchant).toBe('A2QUICKSHIP');
  });

  it('excludes a cheaper non-prime or used offer under the default criteria', () => {
    const offers = [
      offer({ merchant_id: 'USED', condition: 'Used - Good', price: 100 }),
      offer({ merchant_id: 'NOPRIME', prime: false, price: 200 }),
      offer({ merchant_id: 'OK', price: 900 }),
    ];
    expect(
      selectOffer(
        product(offers),
        { prime: true, handling_days_max: 6, condition_in: ['New'] },
        context,
      ),
    ).toEqual({ offer: offers[2] });
  });

  it('handling_days_max: of two sellers, the one shipping within the limit is selected', () => {
    const fast = offer({ merchant_id: 'FAST', handling_days: 2, price: 2000 });
    const slow = offer({ merchant_id: 'SLOW', handling_days: 8, price: 1000 });
    expect(selectOffer(product([slow, fast]), { handling_days_max: 3 }, context)).toEqual({
      offer: fast,
    });
  });

  it('an offer without handling information counts the longest projected arrival', () => {
    const unknown = offer({ merchant_id: 'UNKNOWN', handling_days: null, price: 500 });
    const p = product([unknown, offer({ merchant_id: 'KNOWN', handling_days: 4, price: 900 })]);
    expect(handlingDays(unknown, p)).toBe(9);
    expect(selectOffer(p, { handling_days_max: 8 }, context)).toMatchObject({
      offer: { merchant_id: 'KNOWN' },
    });
    expect(selectOffer(p, { handling_days_max: 9 }, context)).toMatchObject({
      offer: { merchant_id: 'UNKNOWN' },
    });
  });

  it('takes the cheapest offer that remains', () => {
    const offers = [
      offer({ merchant_id: 'A', price: 1200 }),
      offer({ merchant_id: 'B', price: 1100 }),
      offer({ merchant_id: 'C', price: 1300 }),
    ];
    expect(selectOffer(product(offers), {}, context)).toMatchObject({
      offer: { merchant_id: 'B' },
    });
  });

  it('applies every criterion', () => {
    const all = [
      offer({ merchant_id: 'ADDON', addon: true, price: 10 }),
      offer({ merchant_id: 'BOX', buy_box: true, price: 20 }),
      offer({
        merchant_id: 'FIRST',
        first_party: true,
        price: 30,
        ratings_count: 0,
        positive_percent: 0,
      }),
      offer({ merchant_id: 'INTL', international: true, price: 40 }),
      offer({ merchant_id: 'REFURB', condition: 'Refurbished', price: 50 }),
      offer({ merchant_id: 'FEW', ratings_count: 3, price: 60 }),
      offer({ merchant_id: 'BAD', positive_percent: 70, price: 70 }),
      offer({ merchant_id: 'OOS', stock: 0, price: 5 }),
      offer({ merchant_id: 'PLAIN', price: 2000 }),
    ];
    const p = product(all);
    const pick = (criteria: Record<string, unknown>) => {
      const selection = selectOffer(p, criteria, context);
      return 'offer' in selection ? selection.offer.merchant_id : selection.reason;
    };
    expect(pick({})).toBe('ADDON');
    expect(pick({ addon: false })).toBe('BOX');
    expect(pick({ addon: true })).toBe('ADDON');
    expect(pick({ buy_box: true })).toBe('BOX');
    expect(pick({ addon: false, buy_box: false })).toBe('FIRST');
    expect(pick({ first_party_seller: true })).toBe('FIRST');
    expect(pick({ international: true })).toBe('INTL');
    expect(pick({ condition_in: ['Refurbished'] })).toBe('REFURB');
    expect(pick({ condition_not_in: ['New'] })).toBe('REFURB');
    expect(pick({ merchant_id_in: ['FEW', 'BAD'] })).toBe('FEW');
    expect(pick({ merchant_id_in: ['FEW', 'BAD'], min_seller_num_ratings: 10 })).toBe('BAD');
    expect(
      pick({ merchant_id_in: ['BAD', 'PLAIN'], min_seller_percent_positive_feedback: 90 }),
    ).toBe('PLAIN');
    expect(pick({ merchant_id_not_in: ['ADDON', 'BOX', 'FIRST'] })).toBe('INTL');
    expect(pick({ max_item_price: 15 })).toBe('ADDON');
    expect(pick({ allow_oos: true })).toBe('OOS');
    expect(pick({ prime: false })).toMatch(/prime = false/);
    expect(pick({ merchant_id_in: ['NOBODY'] })).toMatch(/merchant_id_in/);
  });

  it('take_buybox_offers takes the buy-box offer without examining the others', () => {
    const box = offer({ merchant_id: 'BOX', buy_box: true, price: 5000, prime: false });
    expect(
      selectOffer(
        product([offer({ price: 1 }), box]),
        { prime: true },
        { ...context, takeBuyBox: true },
      ),
    ).toEqual({ offer: box });
  });

  it('force_offers_postal_code replaces the shipping ZIP code for offer selection', () => {
    const local = order({ products: [{ product_id: 'B0ZIPONLY1', quantity: 1 }] });
    const seller = (request: OrderRequest) => {
      const placed = retailer.place(request, ctx());
      return placed.kind === 'placed' ? placed.order.merchant_order_ids[0]?.merchant : placed.code;
    };
    expect(seller(local)).toBe('A6HOMEGOODS');
    expect(seller({ ...local, force_offers_postal_code: '94105' })).toBe('A1FIRSTPARTY');
  });

  it('promo pricing changes how a merchant’s offers compare', () => {
    const a = offer({ merchant_id: 'A', price: 1000 });
    const b = offer({ merchant_id: 'B', price: 1100 });
    const promos = [{ code: 'X', merchant_id: 'B', discount_amount: 200 }];
    expect(selectOffer(product([a, b]), {}, { ...context, promos })).toMatchObject({
      offer: { merchant_id: 'B' },
    });
    expect(
      selectOffer(
        product([a, b]),
        {},
        { ...context, promos: [{ code: 'Y', merchant_id: 'B', cost_override: 1050 }] },
      ),
    ).toMatchObject({ offer: { merchant_id: 'A' } });
    expect(
      selectOffer(
        product([a, b]),
        {},
        { ...context, promos: [{ code: 'Z', discount_percentage: 50, merchant_id: 'B' }] },
      ),
    ).toMatchObject({ offer: { merchant_id: 'B' } });
  });
});

describe('shipping', () => {
  const threeSeven = catalog.products.find((p) => p.product_id === 'B0THREE7DY') as CatalogProduct;

  it('max_days keeps methods arriving in fewer days: the 3-day one over the 7-day one, though dearer', () => {
    const chosen = selectShipping(
      threeSeven,
      order({ shipping_method: undefined, shipping: { order_by: 'price', max_days: 5 } }),
      true,
    );
    expect(chosen).toMatchObject({ option: { days: 3 } });
    expect(
      selectShipping(
        threeSeven,
        order({ shipping_method: undefined, shipping: { order_by: 'price' } }),
        true,
      ),
    ).toMatchObject({ option: { days: 7 } });
  });

  it('order_by speed, max_price, and each shipping method', () => {
    expect(
      selectShipping(
        threeSeven,
        order({ shipping_method: undefined, shipping: { order_by: 'speed' } }),
        true,
      ),
    ).toMatchObject({ option: { days: 3 } });
    expect(
      selectShipping(
        threeSeven,
        order({ shipping_method: undefined, shipping: { max_price: 500 } }),
        true,
      ),
    ).toMatchObject({ option: { days: 7 } });
    expect(
      selectShipping(
        threeSeven,
        order({ shipping_method: undefined, shipping: { max_days: 3 } }),
        true,
      ),
    ).toMatchObject({ code: 'shipping_method_unavailable' });
    expect(selectShipping(threeSeven, order({ shipping_method: 'fastest' }), true)).toMatchObject({
      option: { days: 3 },
    });
    expect(selectShipping(threeSeven, order({ shipping_method: 'cheapest' }), true)).toMatchObject({
      option: { days: 7, price: 199 },
    });
    const withDays = catalog.products.find((p) => p.product_id === 'B0PLACES01') as CatalogProduct;
    expect(
      selectShipping(withDays, order({ shipping_method: 'marketplace_day' }), true),
    ).toMatchObject({ option: { name: 'Marketplace Day' } });
    expect(
      selectShipping(threeSeven, order({ shipping_method: 'marketplace_day' }), true),
    ).toMatchObject({ code: 'shipping_method_unavailable' });
    expect(selectShipping(threeSeven, order({ shipping_method: 'free' }), true)).toMatchObject({
      code: 'no_free_shipping',
    });
  });
});

describe('price', () => {
  it('taxes by state, not at all in Oregon, and by the storefront rate abroad', () => {
    const taxOf = (request: OrderRequest) => {
      const placed = retailer.place(request, ctx());
      return placed.kind === 'placed' ? placed.order.price_components.tax : placed.code;
    };
    const address = {
      first_name: 'J',
      last_name: 'D',
      address_line1: '1 A St',
      zip_code: '97201',
      city: 'Portland',
      state: 'OR',
      country: 'US',
      phone_number: '5',
    };
    expect(taxOf(order({}))).toBe(Math.round(1999 * 0.0625));
    expect(taxOf(order({ shipping_address: address }))).toBe(0);
    expect(taxOf(order({ shipping_address: { ...address, state: 'CA', zip_code: '94105' } }))).toBe(
      Math.round(1999 * 0.0725),
    );
  });

  it('applies promo codes at checkout', () => {
    const placed = retailer.place(
      order({ promo_codes: [{ code: 'SAVE10' }, { code: 'UNKNOWN', optional: true }] }),
      ctx(),
    );
    expect(placed.kind === 'placed' && placed.order.price_components).toMatchObject({
      subtotal: 1999,
      discount: 200,
      tax: Math.round((1999 - 200) * 0.0625),
    });
  });

  it('never has fractions of a cent', () => {
    for (const p of catalog.products.filter((entry) => entry.retailer === 'amazon').slice(0, 20)) {
      const placed = retailer.place(
        order({
          products: [{ product_id: p.product_id, quantity: 3, seller_selection_criteria: {} }],
        }),
        ctx(),
      );
      if (placed.kind === 'placed') {
        for (const [key, value] of Object.entries(placed.order.price_components)) {
          if (typeof value === 'number') expect(Number.isInteger(value), key).toBe(true);
        }
      }
    }
  });

  it('is repeatable: the same request and seed give the same order', () => {
    const request = order({});
    expect(retailer.place(request, ctx(5))).toEqual(retailer.place(request, ctx(5)));
    expect(retailer.place(request, ctx(5))).not.toEqual(retailer.place(request, ctx(6)));
  });
});

describe('the catalog', () => {
  it('has at least 40 products over all nine retailers, each with several offers and shipping methods', () => {
    expect(catalog.products.length).toBeGreaterThanOrEqual(40);
    expect(new Set(catalog.products.map((p) => p.retailer))).toEqual(new Set(RETAILER_CODES));
    for (const p of catalog.products) {
      expect(p.offers.length, p.product_id).toBeGreaterThanOrEqual(1);
      expect(
        p.offers.filter((entry) => entry.buy_box),
        p.product_id,
      ).toHaveLength(1);
      expect(p.shipping.length, p.product_id).toBeGreaterThanOrEqual(1);
      if (p.retailer.startsWith('amazon')) expect(p.product_id).toMatch(/^B0[A-Z0-9]{8}$/);
      else expect(p.product_id).toMatch(/^\d{6,20}$/);
    }
    const regular = catalog.products.filter((p) => !p.test_value);
    expect(regular.every((p) => p.offers.length >= 3 && p.shipping.length >= 3)).toBe(true);
    expect(
      catalog.products.some((p) => p.offers.some((entry) => entry.handling_days === null)),
    ).toBe(true);
  });

  it('renders a page for every product at its storefront address, with structured data where the page has it', () => {
    for (const p of catalog.products) {
      const html = renderProductPage(p.retailer, p.product_id) as string;
      expect(html).toContain(
        `<link rel="canonical" href="${productPageUrl(p.retailer, p.product_id)}">`,
      );
      const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1];
      if (p.page === 'full')
        expect(JSON.parse(jsonLd as string)).toMatchObject({
          '@type': 'Product',
          sku: p.product_id,
        });
      else expect(jsonLd).toBeUndefined();
      expect(html.includes('og:title')).toBe(p.page !== 'bare');
    }
    expect(renderProductPage('amazon', 'B0NOTHERE0')).toBeUndefined();
  });
});
