import type { OrderRecord } from '../../../src/shared/order-record.ts';

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

export function orderRecord(overrides: Partial<OrderRecord> = {}): OrderRecord {
  return {
    localId: 'local-1',
    idempotencyKey: 'key-1',
    retailer: 'amazon',
    productIds: ['B0TEST0001'],
    managed: true,
    createdAt: 1_000_000,
    updatedAt: 1_000_000,
    state: 'processing',
    request: {},
    merchantOrderIds: [],
    trackingCount: 0,
    trackingDone: false,
    schedule: { nextAt: 1_000_000, attempts: 0, count: 0 },
    source: 'buyline',
    requestId: 'req-1',
    ...overrides,
  };
}
