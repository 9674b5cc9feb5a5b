/**
 * The retailers the service supports and what each storefront allows, as
 * decisions.md records them. "The marketplace retailer" of the spec is the amazon
 * family.
 */
type Feature = 'managed' | 'cancellation' | 'marketplace';
const ALL: Feature[] = ['managed', 'cancellation', 'marketplace'];
/**
 * `currency`: ISO 4217 code of the storefront's prices. `beta` retailers take orders, but
 * the service marks them as not yet stable. `managed`: managed accounts (`addax: true`);
 * `cancellation`: pre-shipment cancellation; `marketplace`: the amazon family, where
 * po_number, marketplace_day, max_delivery_days and account_status apply.
 */
const row = (storefront: string, currency: string, orders: 'yes' | 'beta', ...has: Feature[]) => ({
  storefront,
  currency,
  orders,
  managed: has.includes('managed'),
  cancellation: has.includes('cancellation'),
  marketplace: has.includes('marketplace'),
});

const ROWS = {
  amazon: row('amazon.com', 'USD', 'yes', ...ALL),
  amazon_uk: row('amazon.co.uk', 'GBP', 'yes', ...ALL),
  amazon_ca: row('amazon.ca', 'CAD', 'yes', 'marketplace'),
  amazon_de: row('amazon.de', 'EUR', 'yes', 'marketplace'),
  amazon_mx: row('amazon.com.mx', 'MXN', 'yes', 'marketplace'),
  walmart: row('walmart.com', 'USD', 'yes'),
  costco: row('costco.com', 'USD', 'beta'),
  homedepot: row('homedepot.com', 'USD', 'beta'),
  aliexpress: row('aliexpress.com', 'USD', 'beta'),
};

export type RetailerCode = keyof typeof ROWS;
export type RetailerInfo = { code: RetailerCode } & ReturnType<typeof row>;
export const RETAILER_CODES = Object.keys(ROWS) as readonly RetailerCode[];

export const RETAILERS = Object.fromEntries(
  RETAILER_CODES.map((code) => [code, { code, ...ROWS[code] }]),
) as Record<RetailerCode, RetailerInfo>;

export function isRetailerCode(value: string): value is RetailerCode {
  return Object.hasOwn(ROWS, value);
}
