import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryStore } from '../../../../src/background/history/history-store.ts';
import { PAGE_READS } from '../../../../src/background/history/query-orders.ts';
import type { OrderState } from '../../../../src/shared/order-record.ts';
import { orderRecord } from '../fixtures.ts';
import { entriesRead, freshStore } from './open-store.ts';

const COUNT = 10_000;
const RETAILERS = ['amazon', 'walmart', 'costco', 'amazon_uk'];
const STATES: OrderState[] = ['placed', 'failed', 'processing', 'placed', 'placed'];

let store: HistoryStore;

beforeAll(async () => {
  ({ store } = await freshStore());
  for (let i = 0; i < COUNT; i++) {
    await store.addOrder(
      orderRecord({
        localId: `bulk${i}`,
        requestId: `req-${i}`,
        createdAt: i * 1_000,
        retailer: RETAILERS[i % RETAILERS.length] as string,
        state: STATES[i % STATES.length] as OrderState,
        productIds: [`P${i}`],
      }),
    );
  }
}, 120_000);

afterAll(() => store.close());

describe(`a history of ${COUNT.toLocaleString('en')} orders`, () => {
  it('holds them all and answers a filtered query', async () => {
    expect(await store.countOrders(['placed', 'failed', 'processing'])).toBe(COUNT);
    const found = await store.queryOrders({
      retailer: 'walmart',
      state: 'placed',
      from: 2_000_000,
      to: 3_000_000,
      limit: 500,
    });
    const expected = Array.from({ length: 1_000 }, (_, k) => 2_000 + k)
      .filter((i) => i % 4 === 1 && STATES[i % 5] === 'placed')
      .reverse()
      .map((i) => `bulk${i}`);
    expect(found.map((order) => order.localId)).toEqual(expected);
    expect((await store.queryOrders({ search: 'p9999' })).map((o) => o.localId)).toEqual([
      'bulk9999',
    ]);
  });

  it('reads only the retailer and date range from its index, not every order', async () => {
    // The range holds 100 orders, 25 of them at costco, and costco has 2,500 in all.
    const { result, read } = await entriesRead(() =>
      store.queryOrders({ retailer: 'costco', from: 5_000_000, to: 5_100_000, limit: 500 }),
    );
    expect(result).toHaveLength(25);
    expect(result.every((order) => order.retailer === 'costco')).toBe(true);
    expect(read).toBeLessThanOrEqual(2 * result.length + 1);
  });

  it('stops at the limit when walking newest first', async () => {
    const { result, read } = await entriesRead(() => store.queryOrders({ limit: 20 }));
    expect(result.map((order) => order.createdAt)).toEqual(
      Array.from({ length: 20 }, (_, k) => (COUNT - 1 - k) * 1_000),
    );
    expect(read).toBeLessThanOrEqual(2 * 20);
  });

  it('searches back to the oldest order, reading each entry about once', async () => {
    const { result, read } = await entriesRead(() => store.queryOrders({ search: 'P0' }));
    expect(result.map((order) => order.localId)).toEqual(['bulk0']);
    expect(read).toBeLessThanOrEqual(2 * COUNT + 100);
  });

  it('searches a page at a time, each page reading a share of the history', async () => {
    const pages: number[] = [];
    const found: string[] = [];
    let before: number | undefined;
    do {
      const { result, read } = await entriesRead(() =>
        store.searchOrders({ search: 'P0', ...(before !== undefined ? { before } : {}) }),
      );
      pages.push(read);
      found.push(...result.orders.map((order) => order.localId));
      before = result.next;
    } while (before !== undefined);
    expect(found).toEqual(['bulk0']);
    expect(pages.length).toBeGreaterThan(1);
    for (const read of pages) expect(read).toBeLessThanOrEqual(2 * (PAGE_READS + 200));
  });
});
