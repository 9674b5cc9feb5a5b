/** The columns of a bulk orders file, and the other names other tools give them. No zod. */

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

/** Other names for a column, as other tools and people write them. */
const ALIASES: Partial<Record<Column, string[]>> = {
  order_key: ['key', 'order_id', 'order_number'],
  product_url: ['url', 'product_link'],
  product_id: ['asin', 'item_id'],
  quantity: ['qty'],
  address_line1: ['address1', 'address_1', 'address_line_1'],
  address_line2: ['address2', 'address_2', 'address_line_2'],
  zip_code: ['zip', 'postal_code', 'postcode'],
  phone_number: ['phone'],
  state: ['province'],
  client_notes: ['notes'],
  is_gift: ['gift'],
};

const NAMES = new Map<string, Column>(COLUMNS.map((column) => [column, column]));
for (const [column, names] of Object.entries(ALIASES))
  for (const name of names) NAMES.set(name, column as Column);

/**
 * The column a header cell names, or undefined when Buyline does not know it. "Product
 * ID", "product-id" and "PRODUCT_ID" all name product_id.
 */
export function columnOf(header: string): Column | undefined {
  const name = header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s\-.]+/g, '_');
  return NAMES.get(name);
}
