import type { OrderRecord } from '../../../src/shared/order-record.ts';

export { ADDRESS } from '../../fixtures.ts';

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
