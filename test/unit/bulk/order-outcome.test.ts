import { describe, expect, it } from 'vitest';
import {
  bucketOf,
  canRetry,
  failureText,
  orderView,
} from '../../../src/background/bulk/batch-view.ts';
import type { StoredRow } from '../../../src/background/history/stored-batches.ts';
import type { OrderState } from '../../../src/shared/order-record.ts';
import { orderRecord } from '../background/fixtures.ts';

const order = (patch: Partial<StoredRow> = {}): StoredRow => ({
  batchId: 'b',
  index: 0,
  rows: [2],
  lines: [{ row: 2, cells: { retailer: 'amazon', product_id: 'B0PLACES01' } }],
  localId: 'local-1',
  status: 'handed',
  ...patch,
});

describe('the progress counts, from the orders’ own records', () => {
  const cases: [OrderState, string][] = [
    ['held', 'held'],
    ['sending', 'sent'],
    ['unconfirmed', 'sent'],
    ['processing', 'sent'],
    ['placed', 'placed'],
    ['partly_cancelled', 'placed'],
    ['cancelled', 'placed'],
    ['failed', 'failed'],
  ];
  for (const [state, bucket] of cases)
    it(`an order ${state} counts as ${bucket}`, () => {
      expect(bucketOf(order(), orderRecord({ state }))).toBe(bucket);
    });

  it('counts orders not handed over by their place in the batch', () => {
    expect(bucketOf(order({ status: 'waiting' }), undefined)).toBe('waiting');
    expect(bucketOf(order({ status: 'refused' }), undefined)).toBe('failed');
    expect(bucketOf(order({ status: 'cancelled' }), undefined)).toBe('cancelled');
    // Undone while held: the history has no record of it any more, and nothing was sent.
    expect(bucketOf(order(), undefined)).toBe('cancelled');
    expect(failureText(order(), undefined)).toBe('Undone before it was sent.');
  });
});

describe('what the page is told of an order', () => {
  it('its request id, merchant orders and tracking as they come', () => {
    const record = orderRecord({
      state: 'placed',
      requestId: 'req-9',
      merchantOrderIds: ['112-1'],
      response: {
        _type: 'order_response',
        merchant_order_ids: [],
        tracking: [
          { carrier: 'UPS', tracking_number: '1Z999' },
          { tracking_number: 'X-2', obtained_at: 'soon' },
          'not a parcel',
        ],
        delivery_dates: [],
      } as never,
    });
    expect(orderView(order(), record)).toMatchObject({
      state: 'placed',
      requestId: 'req-9',
      merchantOrderIds: ['112-1'],
      tracking: ['UPS 1Z999', 'X-2'],
    });
  });

  it('why it failed, and whether it can be fixed and placed again', () => {
    const failed = orderRecord({
      state: 'failed',
      failure: {
        code: 'product_unavailable',
        message: 'out of stock',
        title: 'The product is not available.',
        fix: 'Choose another seller or product.',
      },
    });
    expect(failureText(order(), failed)).toBe(
      'The product is not available. Choose another seller or product.',
    );
    expect(canRetry(order(), failed)).toBe(true);
    expect(canRetry(order({ retriedBy: 3 }), failed)).toBe(false);
    expect(canRetry(order(), orderRecord({ state: 'placed' }))).toBe(false);
    expect(canRetry(order({ status: 'refused' }), undefined)).toBe(true);
  });
});
