/**
 * The template a user downloads: every column, and a single order, an order of two
 * products (one order_key), and one that leaves the address and shipping to the defaults.
 */
import { COLUMNS } from './columns.ts';
import { csvText } from './csv-write.ts';

export const TEMPLATE_FILE_NAME = 'buyline-bulk-orders-template.csv';

const EXAMPLES: Record<string, string>[] = [
  {
    retailer: 'amazon',
    product_id: 'B0PLACES01',
    quantity: '1',
    max_price: '25.00',
    first_name: 'Jane',
    last_name: 'Doe',
    address_line1: '1 Main St',
    zip_code: '02139',
    city: 'Cambridge',
    state: 'MA',
    country: 'US',
    phone_number: '6175550100',
    shipping_method: 'cheapest',
    is_gift: 'no',
    client_notes: 'Store order 1001',
  },
  {
    order_key: '1002',
    product_url: 'https://www.amazon.com/dp/B0PLACES01',
    quantity: '2',
    max_price: '80.00',
    first_name: 'John',
    last_name: 'Smith',
    address_line1: '20 Elm St',
    address_line2: 'Apt 4',
    zip_code: '10001',
    city: 'New York',
    state: 'NY',
    country: 'US',
    phone_number: '2125550100',
    is_gift: 'yes',
    gift_message: 'Happy birthday!',
    client_notes: 'Store order 1002',
  },
  { order_key: '1002', retailer: 'amazon', product_id: 'B0HANDLING', quantity: '1' },
  { retailer: 'amazon', product_id: 'B0PLACES01', quantity: '1', item_price: '19.99' },
];

export function templateCsv(): string {
  return csvText([
    [...COLUMNS],
    ...EXAMPLES.map((row) => COLUMNS.map((column) => row[column] ?? '')),
  ]);
}
