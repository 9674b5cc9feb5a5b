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
    // And one read of each order's schedule.
    expect(read).toBeLessThanOrEqual(2 * result.length + 1 + result.length);
  });

  it('stops at the limit when walking newest first', async () => {
    const { result, read } = await entriesRead(() => store.queryOrders({ limit: 20 }));
    expect(result.map((order) => order.createdAt)).toEqual(
      Array.from({ length: 20 }, (_, k) => (COUNT - 1 - k) * 1_000),
    );
    expect(read).toBeLessThanOrEqual(2 * 20 + 20);
  });

  it('finds the oldest order from the words index, reading only what it finds', async () => {
    const { result, read } = await entriesRead(() => store.queryOrders({ search: 'P0' }));
    expect(result.map((order) => order.localId)).toEqual(['bulk0']);
    // Whether every order's words are written, one key from the index, the order and
    // its schedule: not the 10,000 before it.
    expect(read).toBeLessThanOrEqual(4);
  });

  it('reads the keys of what a search matches, and only the orders its page takes', async () => {
    // "req-1" begins 1,111 request ids: req-1, req-10 to req-19, and so on.
    const matching = Array.from({ length: COUNT }, (_, i) => i)
      .filter((i) => `req-${i}`.startsWith('req-1'))
      .reverse()
      .map((i) => `bulk${i}`);
    expect(matching).toHaveLength(1_111);
    const { result, read } = await entriesRead(() =>
      store.searchOrders({ search: 'req-1', limit: 50 }),
    );
    expect(result.orders.map((order) => order.localId)).toEqual(matching.slice(0, 50));
    // The matches' keys, then each order the page takes and its schedule (and one read
    // of whether every order's words are written).
    expect(read).toBeLessThanOrEqual(matching.length + 2 * 50 + 1);
    // Going on from each page's `next` finds every match once, newest first.
    const found = [...result.orders.map((order) => order.localId)];
    for (let before = result.next; before !== undefined; ) {
      const page = await store.searchOrders({ search: 'req-1', limit: 50, before });
      found.push(...page.orders.map((order) => order.localId));
      before = page.next;
    }
    expect(found).toEqual(matching);
  });

  it('searches with a filter a page at a time, each page reading a share of the history', async () => {
    // Every order's request id begins with "req", and none is at target.
    const pages: number[] = [];
    const found: string[] = [];
    let before: number | undefined;
    do {
      const { result, read } = await entriesRead(() =>
        store.searchOrders({
          search: 'req',
          state: 'failed',
          retailer: 'target',
          ...(before !== undefined ? { before } : {}),
        }),
      );
      pages.push(read);
      found.push(...result.orders.map((order) => order.localId));
      before = result.next;
    } while (before !== undefined);
    expect(found).toEqual([]);
    expect(pages.length).toBeGreaterThan(1);
    // The keys of every match, then a share of the orders (a batch may run past it).
    for (const read of pages) expect(read).toBeLessThanOrEqual(COUNT + PAGE_READS + 200);
  });
});
