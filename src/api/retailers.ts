/**
 * The retailers the service supports and what each storefront allows, as
 * decisions.md records them. "The marketplace retailer" of the spec is the amazon
 * family.
 */
export const RETAILER_CODES = [
  'amazon',
  'amazon_uk',
  'amazon_ca',
  'amazon_de',
  'amazon_mx',
  'walmart',
  'costco',
  'homedepot',
  'aliexpress',
] as const;

export type RetailerCode = (typeof RETAILER_CODES)[number];

export interface RetailerInfo {
  code: RetailerCode;
  storefront: string;
  /** ISO 4217 code of the storefront's prices. */
  currency: string;
  /** `beta` retailers take orders, but the service marks them as not yet stable. */
  orders: 'yes' | 'beta';
  /** Managed accounts (`addax: true`). */
  managed: boolean;
  /** Pre-shipment cancellation. */
  cancellation: boolean;
  /** The amazon family: po_number, marketplace_day, max_delivery_days and account_status apply. */
  marketplace: boolean;
}

export const RETAILERS: Record<RetailerCode, RetailerInfo> = {
  amazon: {
    code: 'amazon',
    storefront: 'amazon.com',
    currency: 'USD',
    orders: 'yes',
    managed: true,
    cancellation: true,
    marketplace: true,
  },
  amazon_uk: {
    code: 'amazon_uk',
    storefront: 'amazon.co.uk',
    currency: 'GBP',
    orders: 'yes',
    managed: true,
    cancellation: true,
    marketplace: true,
  },
  amazon_ca: {
    code: 'amazon_ca',
    storefront: 'amazon.ca',
    currency: 'CAD',
    orders: 'yes',
    managed: false,
    cancellation: false,
    marketplace: true,
  },
  amazon_de: {
    code: 'amazon_de',
    storefront: 'amazon.de',
    currency: 'EUR',
    orders: 'yes',
    managed: false,
    cancellation: false,
    marketplace: true,
  },
  amazon_mx: {
    code: 'amazon_mx',
    storefront: 'amazon.com.mx',
    currency: 'MXN',
    orders: 'yes',
    managed: false,
    cancellation: false,
    marketplace: true,
  },
  walmart: {
    code: 'walmart',
    storefront: 'walmart.com',
    currency: 'USD',
    orders: 'yes',
    managed: false,
    cancellation: false,
    marketplace: false,
  },
  costco: {
    code: 'costco',
    storefront: 'costco.com',
    currency: 'USD',
    orders: 'beta',
    managed: false,
    cancellation: false,
    marketplace: false,
  },
  homedepot: {
    code: 'homedepot',
    storefront: 'homedepot.com',
    currency: 'USD',
    orders: 'beta',
    managed: false,
    cancellation: false,
    marketplace: false,
  },
  aliexpress: {
    code: 'aliexpress',
    storefront: 'aliexpress.com',
    currency: 'USD',
    orders: 'beta',
    managed: false,
    cancellation: false,
    marketplace: false,
  },
};

export function isRetailerCode(value: string): value is RetailerCode {
  return (RETAILER_CODES as readonly string[]).includes(value);
}
