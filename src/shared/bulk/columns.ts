/**
 * The columns of a bulk orders file: their names, what each holds, and the few other
 * names other tools give them. Plain data, no zod: the Bulk orders page imports it.
 */

/** A file with more data rows than this is refused whole, before anything is checked. */
export const ROW_CAP = 10_000;

export const ADDRESS_COLUMNS = [
  'first_name',
  'last_name',
  'address_line1',
  'address_line2',
  'zip_code',
  'city',
  'state',
  'country',
  'phone_number',
  'instructions',
] as const;
export type AddressColumn = (typeof ADDRESS_COLUMNS)[number];

export const COLUMNS = [
  'order_key',
  'retailer',
  'product_url',
  'product_id',
  'quantity',
  'max_price',
  'item_price',
  ...ADDRESS_COLUMNS,
  'shipping_method',
  'is_gift',
  'gift_message',
  'client_notes',
] as const;
export type Column = (typeof COLUMNS)[number];

/**
 * Columns that belong to the order, not to one product: on the rows of one order
 * (one order_key) they are given once, or the same on every row.
 */
export const ORDER_COLUMNS: readonly Column[] = [
  'retailer',
  'max_price',
  ...ADDRESS_COLUMNS,
  'shipping_method',
  'is_gift',
  'gift_message',
  'client_notes',
];

/** Other names for a column, as other tools and people write them. */
const ALIASES: Record<string, Column> = {
  key: 'order_key',
  order_id: 'order_key',
  order_number: 'order_key',
  url: 'product_url',
  product_link: 'product_url',
  asin: 'product_id',
  item_id: 'product_id',
  qty: 'quantity',
  address1: 'address_line1',
  address_1: 'address_line1',
  address_line_1: 'address_line1',
  address2: 'address_line2',
  address_2: 'address_line2',
  address_line_2: 'address_line2',
  zip: 'zip_code',
  postal_code: 'zip_code',
  postcode: 'zip_code',
  phone: 'phone_number',
  province: 'state',
  notes: 'client_notes',
  gift: 'is_gift',
};

const KNOWN = new Set<string>(COLUMNS);

/** "Product ID", "product-id" and "PRODUCT_ID" all name product_id. */
export function normaliseHeader(name: string): string {
  return name
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s\-.]+/g, '_');
}

/** The column a header cell names, or undefined when Buyline does not know it. */
export function columnOf(header: string): Column | undefined {
  const name = normaliseHeader(header);
  if (KNOWN.has(name)) return name as Column;
  return ALIASES[name];
}
