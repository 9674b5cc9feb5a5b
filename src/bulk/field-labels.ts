import type { Column } from '../shared/bulk/columns.ts';
import type { MessageKey } from '../shared/i18n.ts';

/** The plain label of each column's field in the form that fixes a failed order. */
export const FIELD_LABELS: Record<Column, MessageKey> = {
  order_key: 'bulk_field_order_key',
  retailer: 'bulk_field_retailer',
  product_url: 'bulk_field_product_url',
  product_id: 'bulk_field_product_id',
  quantity: 'bulk_field_quantity',
  max_price: 'bulk_field_max_price',
  item_price: 'bulk_field_item_price',
  first_name: 'bulk_field_first_name',
  last_name: 'bulk_field_last_name',
  address_line1: 'bulk_field_address_line1',
  address_line2: 'bulk_field_address_line2',
  zip_code: 'bulk_field_zip_code',
  city: 'bulk_field_city',
  state: 'bulk_field_state',
  country: 'bulk_field_country',
  phone_number: 'bulk_field_phone_number',
  instructions: 'bulk_field_instructions',
  shipping_method: 'bulk_field_shipping_method',
  is_gift: 'bulk_field_is_gift',
  gift_message: 'bulk_field_gift_message',
  client_notes: 'bulk_field_client_notes',
};
