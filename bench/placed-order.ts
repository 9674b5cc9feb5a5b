import type { OrderRecord } from '../src/shared/order-record.ts';

/**
 * A placed order whose tracking is done, as most of a long history is: nothing of it is
 * due. The benches fill their histories with these.
 */
export function placedOrder(
  fields: Pick<OrderRecord, 'localId' | 'createdAt' | 'retailer'> & Partial<OrderRecord>,
): OrderRecord {
  return {
    idempotencyKey: 'k',
    productIds: ['B0PLACES01'],
    managed: true,
    updatedAt: 0,
    state: 'placed',
    request: {},
    merchantOrderIds: ['112-0000000-0000000'],
    trackingCount: 1,
    trackingDone: true,
    schedule: { nextAt: Number.MAX_SAFE_INTEGER, attempts: 0, count: 1 },
    source: 'buyline',
    total: 2124,
    currency: 'USD',
    ...fields,
  };
}
