import { IDBFactory } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHistoryDb } from '../../../../src/background/history/db.ts';
import { type OrderQuery, queryOrders } from '../../../../src/background/history/query-orders.ts';
import { wordsRow } from '../../../../src/background/history/search-words.ts';
import type { OrderState } from '../../../../src/shared/order-record.ts';
import { orderRecord } from '../fixtures.ts';

// A search answered a page at a time, each page reading a few records at most: going on
// from each page's `next` finds exactly what one unbounded read finds, in the same order.

const STATES: OrderState[] = ['placed', 'sending', 'failed', 'processing', 'unconfirmed'];
const db = await openHistoryDb('search-pages', new IDBFactory());

beforeAll(async () => {
  // Written past the store, as the store writes them: each order with its words.
  const tx = db.transaction(['orders', 'words'], 'readwrite');
  for (let i = 0; i < 300; i++) {
    const order = orderRecord({
      localId: `o${i}`,
      createdAt: 1_000_000 + ((i * 7919) % 300) * 1_000,
      retailer: i % 3 ? 'amazon' : 'walmart',
      state: STATES[i % STATES.length] as OrderState,
      productIds: [i % 4 ? `A${i}` : `B${i}`],
    });
    void tx.objectStore('orders').put(order);
    void tx.objectStore('words').put(wordsRow(order));
  }
  await tx.done;
});
afterAll(() => db.close());

async function paged(query: OrderQuery, reads: number) {
  const found: string[] = [];
  let before: number | undefined;
  let pages = 0;
  do {
    const page = await queryOrders(
      db,
      { ...query, ...(before !== undefined ? { before } : {}) },
      reads,
    );
    found.push(...page.orders.map((order) => order.localId));
    before = page.next;
    pages += 1;
  } while (before !== undefined && pages < 1_000);
  return { found, pages };
}

describe('a search a page at a time', () => {
  it.each<OrderQuery>([
    { search: 'b' },
    { search: 'b', state: 'in_flight' },
    { search: 'b', retailer: 'walmart', state: 'placed' },
    { state: 'failed', retailer: 'amazon' },
    { search: 'nothing matches' },
  ])('finds what one read finds: %j', async (query) => {
    const all = (await queryOrders(db, { ...query, limit: 500 })).orders.map((o) => o.localId);
    // Every fourth order's product id begins with B.
    if (query.search === 'b' && !query.state) expect(all.length).toBeGreaterThanOrEqual(75);
    const { found, pages } = await paged({ ...query, limit: 10 }, 40);
    expect(found).toEqual(all);
    // Each page read its share: the search took many pages, not one long read.
    expect(pages).toBeGreaterThan(all.length / 10);
    // A search the words index answers that nothing matches is over at once; a filter
    // walked over the history goes on a share at a time.
    if (query.search === 'nothing matches') expect(pages).toBe(1);
    if (!query.search) expect(pages).toBeGreaterThan(1);
  });

  it('answers at once without a next page when the index does all the filtering', async () => {
    const page = await queryOrders(db, { state: 'placed', limit: 500 }, 40);
    expect(page.orders).toHaveLength(60);
    expect(page.next).toBeUndefined();
  });
});
