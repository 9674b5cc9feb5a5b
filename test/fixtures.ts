/** Inputs several test suites share: a valid US address and a managed order of the sandbox's always-placing product. */
export const ADDRESS = {
  first_name: 'Jane',
  last_name: 'Doe',
  address_line1: '1 Main St',
  zip_code: '02139',
  city: 'Cambridge',
  state: 'MA',
  country: 'US',
  phone_number: '6175550100',
};

export const MANAGED_ORDER = {
  retailer: 'amazon',
  products: [{ product_id: 'B0PLACES01', quantity: 1 }],
  shipping_address: ADDRESS,
  is_gift: false,
  shipping_method: 'cheapest',
  addax: true,
  max_price: 100_000,
};
