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

/** What each column holds, for the page's help and the template. */
export const COLUMN_HELP: Record<Column, string> = {
  order_key:
    'Optional. Rows with the same key make one order with several products; a row without a key is an order of its own.',
  retailer:
    'Retailer code: amazon, amazon_uk, amazon_ca, amazon_de, amazon_mx, walmart, costco, homedepot, aliexpress. Not needed with product_url.',
  product_url: 'A product page address; gives the retailer and the product id.',
  product_id: 'The ASIN on amazon, the item number elsewhere. Not needed with product_url.',
  quantity: 'A whole number, 1 or more. Empty: 1.',
  max_price:
    'The most the whole order may cost, in the retailer’s currency, such as 25.00. Required for managed orders unless item_price is given.',
  item_price:
    'Optional: the price you expect for one item. With no max_price, the maximum is item price × quantity plus your saved tolerance.',
  first_name: 'Ship-to first name. Leave every address column empty to use your default address.',
  last_name: 'Ship-to last name.',
  address_line1: 'Ship-to street address.',
  address_line2: 'Optional second address line.',
  zip_code: 'ZIP or postal code.',
  city: 'City.',
  state: 'State or province, as the postal abbreviation where there is one (MA).',
  country: 'Two-letter country code, such as US.',
  phone_number: 'Phone number of the recipient.',
  instructions: 'Optional delivery instructions.',
  shipping_method: 'cheapest, fastest, marketplace_day or free. Empty: your saved shipping choice.',
  is_gift: 'yes or no. Empty: your saved gift choice.',
  gift_message: 'Optional packing slip message (at most 240 characters, 9 lines).',
  client_notes: 'Optional notes kept with the order: text, or a JSON object.',
};

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
