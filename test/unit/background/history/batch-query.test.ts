import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HistoryStore } from '../../../../src/background/history/history-store.ts';
import type { OrderState } from '../../../../src/shared/order-record.ts';
import { orderRecord } from '../fixtures.ts';
import { freshStore } from './open-store.ts';

const DAY = 86_400_000;
const STATES: OrderState[] = ['held', 'processing', 'placed', 'failed'];

let store: HistoryStore;

beforeEach(async () => {
  ({ store } = await freshStore());
});

afterEach(() => store.close());

const ids = (orders: { localId: string }[]) => orders.map((order) => order.localId);

/**
 * b0..b11 of batch "batch-a" (states in turn, every third at walmart), c0..c3 of
 * "batch-b", and x0..x3 of no batch, one a day each.
 */
async function batches(): Promise<void> {
  for (let i = 0; i < 12; i++)
    await store.addOrder(
      orderRecord({
        localId: `b${i}`,
        requestId: `req-b${i}`,
        batchId: 'batch-a',
        createdAt: i * DAY,
        state: STATES[i % 4] as OrderState,
        retailer: i % 3 === 0 ? 'walmart' : 'amazon',
        productIds: [i === 5 ? 'B0LAMP0005' : `P${i}`],
      }),
    );
  for (let i = 0; i < 4; i++)
    await store.addOrder(
      orderRecord({
        localId: `c${i}`,
        requestId: `req-c${i}`,
        batchId: 'batch-b',
        createdAt: i * DAY + 1,
        state: 'failed',
      }),
    );
  for (let i = 0; i < 4; i++)
    await store.addOrder(
      orderRecord({ localId: `x${i}`, requestId: `req-x${i}`, createdAt: i * DAY + 2 }),
    );
}

describe('orders of a batch', () => {
  it('are found by their batch, newest first, and no other order is', async () => {
    await batches();
    expect(ids(await store.queryOrders({ batchId: 'batch-b' }))).toEqual(['c3', 'c2', 'c1', 'c0']);
    expect(ids(await store.queryOrders({ batchId: 'batch-a', limit: 3 }))).toEqual([
      'b11',
      'b10',
      'b9',
    ]);
    expect(await store.queryOrders({ batchId: 'batch-z' })).toEqual([]);
  });

  it('combine the batch with the state, in-flight states, retailer, search and dates', async () => {
    await batches();
    expect(ids(await store.queryOrders({ batchId: 'batch-a', state: 'failed' }))).toEqual([
      'b11',
      'b7',
      'b3',
    ]);
    // Other batches' failures stay out.
    expect(ids(await store.queryOrders({ batchId: 'batch-b', state: 'failed' }))).toHaveLength(4);
    expect(ids(await store.queryOrders({ batchId: 'batch-a', state: 'in_flight' }))).toEqual([
      'b9',
      'b8',
      'b5',
      'b4',
      'b1',
      'b0',
    ]);
    expect(ids(await store.queryOrders({ batchId: 'batch-a', retailer: 'walmart' }))).toEqual([
      'b9',
      'b6',
      'b3',
      'b0',
    ]);
    expect(
      ids(await store.queryOrders({ batchId: 'batch-a', retailer: 'walmart', state: 'failed' })),
    ).toEqual(['b3']);
    expect(ids(await store.queryOrders({ batchId: 'batch-a', search: 'lamp' }))).toEqual(['b5']);
    expect(
      ids(await store.queryOrders({ batchId: 'batch-a', from: 2 * DAY, to: 6 * DAY })),
    ).toEqual(['b5', 'b4', 'b3', 'b2']);
  });

  it('page with `before` inside the batch', async () => {
    await batches();
    const first = await store.queryOrders({ batchId: 'batch-a', state: 'placed', limit: 2 });
    expect(ids(first)).toEqual(['b10', 'b6']);
    const next = await store.queryOrders({
      batchId: 'batch-a',
      state: 'placed',
      limit: 2,
      before: first.at(-1)?.createdAt as number,
    });
    expect(ids(next)).toEqual(['b2']);
  });

  it('are counted by state without reading them', async () => {
    await batches();
    expect(await store.countBatchOrders('batch-a', ['held', 'processing'])).toBe(6);
    expect(await store.countBatchOrders('batch-a', ['failed'])).toBe(3);
    expect(await store.countBatchOrders('batch-b', ['held', 'processing'])).toBe(0);
    await store.updateOrder('c0', (order) => ({ ...order, state: 'processing' }));
    expect(await store.countBatchOrders('batch-b', ['held', 'processing'])).toBe(1);
  });
});

describe('failures the buyer has not seen', () => {
  it('are counted until marked seen; other orders are left as they are', async () => {
    await store.addOrder(orderRecord({ localId: 'new-1', state: 'failed', seenAt: 0 }));
    await store.addOrder(orderRecord({ localId: 'new-2', state: 'failed', seenAt: 0 }));
    await store.addOrder(orderRecord({ localId: 'seen', state: 'failed', seenAt: 5 }));
    // A failure from before the field existed is not news.
    await store.addOrder(orderRecord({ localId: 'old', state: 'failed' }));
    await store.addOrder(orderRecord({ localId: 'going', state: 'processing' }));
    expect(await store.countUnseenFailures()).toBe(2);

    expect(await store.markSeen(['new-1', 'seen', 'old', 'going', 'gone', 'new-1'], 9_000)).toEqual(
      ['new-1'],
    );
    expect(await store.countUnseenFailures()).toBe(1);
    expect((await store.getOrder('new-1'))?.seenAt).toBe(9_000);
    expect((await store.getOrder('seen'))?.seenAt).toBe(5);
    expect(await store.getOrder('old')).not.toHaveProperty('seenAt');
    expect(await store.getOrder('going')).not.toHaveProperty('seenAt');
    expect(await store.markSeen(['new-2'], 9_500)).toEqual(['new-2']);
    expect(await store.countUnseenFailures()).toBe(0);
  });
});
