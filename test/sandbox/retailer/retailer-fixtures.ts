import {
  type Catalog,
  type CatalogProduct,
  createSimulatedRetailer,
  loadCatalog,
  type Offer,
  type PlacedOrder,
  type PlacementContext,
  type PlacementResult,
  TEST_CARDS,
  TEST_PRODUCTS,
} from '../../../sandbox/retailer/index.ts';
import { type OrderRequest, orderRequestSchema } from '../../../src/api/schemas/order-request.ts';
import { ADDRESS } from '../../fixtures.ts';

export { ADDRESS };

/** Sandbox time of every placement here: 22 November 2026, 15:00 UTC. */
export const NOW = Date.UTC(2026, 10, 22, 15);
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** A seeded source in [0, 1) (mulberry32), as the server hands the retailer one. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function ctx(seed = 1, now = NOW): PlacementContext {
  return { now, random: seeded(seed), requestId: `req-${seed}` };
}

export const CARD = {
  name_on_card: 'Jane Doe',
  number: TEST_CARDS.success,
  security_code: '123',
  expiration_month: 12,
  expiration_year: 2030,
};

export const LOGIN = { email: 'jane@example.com', password: 'correct horse' };

/** A managed order of the always-placing product, checked by the contract's schema. */
export function managed(overrides: Record<string, unknown> = {}): OrderRequest {
  return orderRequestSchema().parse({
    retailer: 'amazon',
    products: [{ product_id: TEST_PRODUCTS.alwaysPlaces, quantity: 1 }],
    shipping_address: ADDRESS,
    is_gift: false,
    shipping_method: 'cheapest',
    addax: true,
    max_price: 1_000_000,
    ...overrides,
  });
}

/** A self-managed order (own login and card), checked by the contract's schema. */
export function own(overrides: Record<string, unknown> = {}): OrderRequest {
  return orderRequestSchema().parse({
    retailer: 'amazon',
    products: [{ product_id: TEST_PRODUCTS.alwaysPlaces, quantity: 1 }],
    shipping_address: ADDRESS,
    billing_address: ADDRESS,
    payment_method: CARD,
    retailer_credentials: LOGIN,
    is_gift: false,
    shipping_method: 'cheapest',
    ...overrides,
  });
}

/** One product line of a request. */
export const item = (product_id: string, quantity = 1, criteria?: Record<string, unknown>) => ({
  product_id,
  quantity,
  ...(criteria ? { seller_selection_criteria: criteria } : {}),
});

export const shipped = loadCatalog();
export const retailer = createSimulatedRetailer();

export function catalogProduct(retailerCode: string, productId: string): CatalogProduct {
  const product = shipped.products.find(
    (entry) => entry.retailer === retailerCode && entry.product_id === productId,
  );
  if (!product) throw new Error(`no ${retailerCode} product ${productId} in the catalog`);
  return product;
}

/** The placed order, or a thrown error that says why it failed. */
export function placed(result: PlacementResult): PlacedOrder {
  if (result.kind !== 'placed')
    throw new Error(`expected placed, got ${result.code}: ${result.message}`);
  return result.order;
}

/** The failure, or a thrown error when it was placed. */
export function failed(result: PlacementResult) {
  if (result.kind !== 'failed') throw new Error('expected a failure, the order was placed');
  return result;
}

/** The seller whose offer was chosen for the first product, or the failure code. */
export function sellerOrCode(result: PlacementResult): string {
  return result.kind === 'placed'
    ? String(result.order.delivery_dates[0]?.seller)
    : `${result.code}`;
}

export function offer(overrides: Partial<Offer> = {}): Offer {
  return {
    merchant_id: 'M',
    seller_name: 'A Seller',
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
  };
}

/** A made-up amazon product (id B0TESTTEST) with the given offers. */
export function product(offers: Offer[], overrides: Partial<CatalogProduct> = {}): CatalogProduct {
  return {
    retailer: 'amazon',
    product_id: 'B0TESTTEST',
    title: 'Test Product',
    slug: 'test-product',
    currency: 'USD',
    image: 'data:image/svg+xml,%3Csvg%3E%3C/svg%3E',
    page: 'full',
    offers,
    shipping: [
      { name: 'Standard', days: 5, price: 0, free: true },
      { name: 'Slow', days: 9, price: 0, free: true },
    ],
    ...overrides,
  };
}

/** A catalog of just these products, with the shipped tax table and day names. */
export function catalogOf(...products: CatalogProduct[]): Catalog {
  return { ...shipped, expired_ids: {}, products };
}
