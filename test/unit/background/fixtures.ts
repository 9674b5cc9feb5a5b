import type { OrderRecord } from '../../../src/shared/order-record.ts';

export { ADDRESS } from '../../fixtures.ts';

/** Overrides of a record; a field given as `undefined` is left out of the record. */
export type RecordOverrides = { [K in keyof OrderRecord]?: OrderRecord[K] | undefined };

export function orderRecord(overrides: RecordOverrides = {}): OrderRecord {
  const record: Record<string, unknown> = {
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
  for (const [key, value] of Object.entries(record)) if (value === undefined) delete record[key];
  return record as unknown as OrderRecord;
}
