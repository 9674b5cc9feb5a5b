import type { RetailerCode } from '../../src/api/retailers.ts';
import catalogJson from './catalog.json' with { type: 'json' };

export interface Offer {
  merchant_id: string;
  seller_name: string;
  condition: string;
  prime: boolean;
  first_party: boolean;
  international: boolean;
  addon: boolean;
  buy_box: boolean;
  /** Days before the seller ships; null when the seller gives no handling information. */
  handling_days: number | null;
  ratings_count: number;
  positive_percent: number;
  /** Item price in cents. */
  price: number;
  stock: number;
  gift: boolean;
  /** When set, the seller ships only to postal codes with one of these prefixes. */
  zip_prefixes?: string[];
}

export interface ShippingOption {
  name: string;
  days: number;
  /** Cents. */
  price: number;
  free: boolean;
  /** A day-delivery selection of the amazon family ("Marketplace Day"). */
  day_delivery?: boolean;
}

export interface CatalogProduct {
  retailer: RetailerCode;
  product_id: string;
  title: string;
  slug: string;
  currency: string;
  color: string;
  offers: Offer[];
  shipping: ShippingOption[];
  /** How the demo page shows its data: JSON-LD and OG, OG only, or neither. */
  page: 'full' | 'og_only' | 'bare';
  test_value?: boolean;
  /** A forced outcome, for test values. */
  outcome?: 'order_probably_placed' | 'internal_error';
  max_quantity?: number;
  /** The highest managed_discount the managed pool serves for this product. */
  managed_max_discount?: number;
  cancellation?: 'attempt_then_cancel' | 'attempt_then_fail' | 'immediate';
}

export interface Catalog {
  expired_ids: Partial<Record<RetailerCode, Record<string, string>>>;
  tax: { US: Record<string, number>; storefront: Partial<Record<RetailerCode, number>> };
  day_delivery_names: string[];
  products: CatalogProduct[];
}

export function loadCatalog(): Catalog {
  return catalogJson as Catalog;
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
