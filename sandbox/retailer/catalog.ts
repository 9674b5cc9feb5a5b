import type { RetailerCode } from '../../src/api/retailers.ts';
import type { Condition } from '../../src/api/schemas/product.ts';
import catalogJson from './catalog.json' with { type: 'json' };

/** One seller's offer of a product. */
export interface Offer {
  merchant_id: string;
  seller_name: string;
  condition: Condition;
  /** Prime exists on the amazon storefronts only; elsewhere it is always false. */
  prime: boolean;
  /** Sold by the storefront itself. */
  first_party: boolean;
  /** Ships from abroad. */
  international: boolean;
  /** An add-on item: it ships only together with an item that is not an add-on. */
  addon: boolean;
  buy_box: boolean;
  /** Days before the seller ships; null when the seller gives no handling information. */
  handling_days: number | null;
  ratings_count: number;
  positive_percent: number;
  /** Item price in cents of the storefront's currency. */
  price: number;
  /** Units in stock; 0 is out of stock. */
  stock: number;
  /** Whether the seller can send the item as a gift. */
  gift: boolean;
  /** When set, the seller delivers only to postal codes starting with one of these. */
  zip_prefixes?: string[];
  /** Postal codes starting with one of these are not delivered to by this seller. */
  excluded_zip_prefixes?: string[];
}

export interface ShippingOption {
  name: string;
  /** Transit days, counted after the seller's handling days. */
  days: number;
  /** Cents. */
  price: number;
  free: boolean;
  /** A day-delivery selection of the amazon family, chosen only by `marketplace_day`. */
  day_delivery?: boolean;
}

/**
 * Which of its storefront's real page shapes a product's demo page takes
 * (sandbox/retailer/pages). 'full' is the storefront's usual page: Amazon's buy box
 * with the buying-options JSON; Walmart's JSON-LD Product and __NEXT_DATA__; Costco's
 * legacy page with og:price and a "Your Price"; Home Depot's JSON-LD and Apollo state;
 * AliExpress's rendered page. The others are the variants the storefronts also serve. A product
 * without stock gets its storefront's unavailable page whatever its kind.
 */
type PageKind =
  | 'full'
  /** Amazon: the offscreen price text empty, so whole and fraction spans only. */
  | 'amazon_split_price'
  /** Amazon: the older price table (list price, apexPriceToPay, "You Save"). */
  | 'amazon_price_table'
  /** amazon.ca in French: "24,99 $". */
  | 'amazon_french'
  /** Walmart: __NEXT_DATA__ only. */
  | 'walmart_next_data'
  /** Walmart: a JSON-LD ProductGroup with this product among its variants, nothing else. */
  | 'walmart_product_group'
  /** Costco: the legacy page with "Your Price" still the placeholder "--". */
  | 'costco_placeholder'
  /** Costco: the newer page at /p/-/<slug>/<id>, from React Server Components: no JSON-LD. */
  | 'costco_new'
  /** AliExpress: the page as served, before script renders it: Open Graph only. */
  | 'aliexpress_served';

export type CancellationScript = 'attempt_then_cancel' | 'attempt_then_fail' | 'immediate';

export interface CatalogProduct {
  retailer: RetailerCode;
  product_id: string;
  title: string;
  /** The words of the storefront URL (walmart, costco and homedepot put them in the path). */
  slug: string;
  currency: string;
  /** A small data: URI. */
  image: string;
  page: PageKind;
  /** A product that exists to produce one outcome (README-test-values.md). */
  test_value?: boolean;
  /** An outcome forced at checkout, whatever else the order says. */
  outcome?: 'order_probably_placed' | 'internal_error';
  /** The most units one order may buy. */
  max_quantity?: number;
  /** The highest managed_discount the managed pool serves for this product (default 0). */
  managed_max_discount?: number;
  /** How a cancellation of an order with this product always goes. */
  cancellation?: CancellationScript;
  offers: Offer[];
  shipping: ShippingOption[];
}

export interface Catalog {
  /** Day-delivery names of the amazon family; the first is the retailer default. */
  day_delivery_names: string[];
  tax_percent: {
    /** Sales tax by US state or territory postal code. */
    us_states: Record<string, number>;
    /** A flat VAT-like rate of the storefronts outside the US. */
    storefronts: Partial<Record<RetailerCode, number>>;
  };
  /** Per retailer: expired product id → the id it now redirects to. */
  expired_ids: Partial<Record<RetailerCode, Record<string, string>>>;
  products: CatalogProduct[];
}

const shipped = catalogJson as Catalog;

/** The catalog that ships with the sandbox (sandbox/retailer/catalog.json). */
export function loadCatalog(): Catalog {
  return shipped;
}

export function findProduct(
  catalog: Catalog,
  retailer: string,
  productId: string,
): CatalogProduct | undefined {
  return catalog.products.find(
    (product) => product.retailer === retailer && product.product_id === productId,
  );
}

/** The id an expired product id now redirects to, if it is one. */
export function successorOf(
  catalog: Catalog,
  retailer: string,
  productId: string,
): string | undefined {
  return catalog.expired_ids[retailer as RetailerCode]?.[productId];
}
