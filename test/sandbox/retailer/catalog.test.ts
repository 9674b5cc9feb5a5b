import { describe, expect, it } from 'vitest';
import {
  MAX_QUANTITY_CAP,
  SCARCE_MANAGED_DISCOUNT,
  TEST_PRODUCTS,
} from '../../../sandbox/retailer/index.ts';
import { RETAILER_CODES, RETAILERS } from '../../../src/api/retailers.ts';
import { CONDITIONS } from '../../../src/api/schemas/product.ts';
import { catalogProduct, shipped } from './retailer-fixtures.ts';

const products = shipped.products;
const regular = products.filter((product) => !product.test_value);
const US_STATES =
  'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC'.split(
    ' ',
  );

describe('the catalog', () => {
  it('has at least 40 products spread over all nine retailers', () => {
    expect(regular.length).toBeGreaterThanOrEqual(40);
    const retailers = new Set(products.map((product) => product.retailer));
    expect([...retailers].sort()).toEqual([...RETAILER_CODES].sort());
    for (const code of RETAILER_CODES) {
      expect(
        regular.filter((product) => product.retailer === code).length,
        code,
      ).toBeGreaterThanOrEqual(3);
    }
  });

  it('gives every product several offers, several shipping methods and exactly one buy box', () => {
    for (const product of products) {
      expect(product.offers.length, product.product_id).toBeGreaterThanOrEqual(2);
      expect(product.shipping.length, product.product_id).toBeGreaterThanOrEqual(2);
      expect(
        product.offers.filter((offer) => offer.buy_box),
        product.product_id,
      ).toHaveLength(1);
    }
    expect(regular.every((product) => product.offers.length >= 3)).toBe(true);
  });

  it('uses ASINs on the amazon family and item numbers elsewhere, unique per storefront, in its currency', () => {
    const keys = new Set<string>();
    for (const product of products) {
      const { marketplace, currency } = RETAILERS[product.retailer];
      expect(product.product_id).toMatch(marketplace ? /^B0[A-Z0-9]{8}$/ : /^\d{6,20}$/);
      expect(product.currency, product.product_id).toBe(currency);
      const key = `${product.retailer}/${product.product_id}`;
      expect(keys.has(key), key).toBe(false);
      keys.add(key);
    }
  });

  it('describes offers and shipping methods with whole cents and the values of decisions.md', () => {
    for (const product of products) {
      expect(product.title.trim()).not.toBe('');
      expect(product.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      for (const offer of product.offers) {
        expect(CONDITIONS).toContain(offer.condition);
        expect(Number.isInteger(offer.price) && offer.price > 0).toBe(true);
        expect(Number.isInteger(offer.stock) && offer.stock >= 0).toBe(true);
        expect(offer.handling_days === null || Number.isInteger(offer.handling_days)).toBe(true);
        expect(offer.positive_percent).toBeGreaterThanOrEqual(0);
        expect(offer.positive_percent).toBeLessThanOrEqual(100);
        expect(offer.seller_name.trim()).not.toBe('');
        // Prime exists on the amazon storefronts only.
        if (!RETAILERS[product.retailer].marketplace) expect(offer.prime).toBe(false);
      }
      for (const option of product.shipping) {
        expect(Number.isInteger(option.price) && option.price >= 0).toBe(true);
        expect(Number.isInteger(option.days) && option.days > 0).toBe(true);
        expect(option.free).toBe(option.price === 0);
      }
    }
  });

  it('holds the cases offer selection has to meet', () => {
    const some = (test: (product: (typeof products)[number]) => boolean) =>
      regular.filter(test).map((product) => product.product_id);
    const offers = regular.flatMap((product) => product.offers);
    expect(some((p) => !p.shipping.some((option) => option.free))).not.toHaveLength(0);
    expect(some((p) => !p.offers.some((offer) => offer.gift))).not.toHaveLength(0);
    expect(some((p) => p.offers.every((offer) => offer.condition !== 'New'))).not.toHaveLength(0);
    expect(
      some((p) => RETAILERS[p.retailer].marketplace && p.offers.every((offer) => !offer.prime)),
    ).not.toHaveLength(0);
    expect(some((p) => p.offers.some((offer) => offer.stock === 0))).not.toHaveLength(0);
    expect(offers.some((offer) => offer.handling_days === null)).toBe(true);
    expect(offers.some((offer) => offer.zip_prefixes !== undefined)).toBe(true);
    expect(offers.some((offer) => offer.international && offer.excluded_zip_prefixes)).toBe(true);
    expect(offers.some((offer) => offer.addon)).toBe(true);
    expect(offers.some((offer) => offer.first_party)).toBe(true);
    // A buy box that is not the cheapest new prime offer, so take_buybox_offers matters.
    expect(
      some((p) => {
        const box = p.offers.find((offer) => offer.buy_box);
        return p.offers.some(
          (offer) => offer.prime && offer.condition === 'New' && offer.price < (box?.price ?? 0),
        );
      }),
    ).not.toHaveLength(0);
  });

  it('offers day delivery on the amazon family only, under the catalog’s day names', () => {
    expect(shipped.day_delivery_names).toEqual(['Marketplace Day', 'Weekend Day']);
    for (const product of products) {
      for (const option of product.shipping.filter((entry) => entry.day_delivery)) {
        expect(RETAILERS[product.retailer].marketplace, product.product_id).toBe(true);
        expect(shipped.day_delivery_names).toContain(option.name);
      }
    }
  });

  it('redirects each expired id to a product of the same storefront', () => {
    const pairs = Object.entries(shipped.expired_ids).flatMap(([code, map]) =>
      Object.entries(map ?? {}).map(([old, successor]) => [code, old, successor] as const),
    );
    expect(pairs.length).toBeGreaterThanOrEqual(3);
    for (const [code, old, successor] of pairs) {
      expect(catalogProduct(code, successor).product_id).toBe(successor);
      expect(products.some((p) => p.retailer === code && p.product_id === old)).toBe(false);
    }
  });

  it('has a sales tax for every US state, some at 0, and a flat rate for each storefront abroad', () => {
    const states = shipped.tax_percent.us_states;
    for (const state of US_STATES) expect(states[state], state).toBeGreaterThanOrEqual(0);
    expect(['AK', 'DE', 'MT', 'NH', 'OR'].map((state) => states[state])).toEqual([0, 0, 0, 0, 0]);
    for (const code of RETAILER_CODES) {
      const abroad = RETAILERS[code].currency !== 'USD';
      expect(shipped.tax_percent.storefronts[code] !== undefined, code).toBe(abroad);
    }
  });

  it('keeps each product image a small data: URI', () => {
    for (const product of products) {
      expect(product.image).toMatch(/^data:image\/svg\+xml,/);
      expect(product.image.length, product.product_id).toBeLessThan(1024);
    }
  });

  it('holds every designated test product with the value test-values.ts documents', () => {
    for (const id of Object.values(TEST_PRODUCTS)) {
      const expired = Object.values(shipped.expired_ids).some((map) => map && id in map);
      expect(expired || products.some((p) => p.product_id === id && p.test_value), id).toBe(true);
    }
    expect(catalogProduct('amazon', TEST_PRODUCTS.quantityCapped).max_quantity).toBe(
      MAX_QUANTITY_CAP,
    );
    expect(catalogProduct('amazon', TEST_PRODUCTS.scarceManaged).managed_max_discount).toBe(
      SCARCE_MANAGED_DISCOUNT,
    );
    expect(catalogProduct('amazon', TEST_PRODUCTS.alwaysPlaces).offers[0]?.price).toBe(1999);
    expect(catalogProduct('walmart', TEST_PRODUCTS.walmartAlwaysPlaces).offers[0]?.price).toBe(
      1299,
    );
  });
});
