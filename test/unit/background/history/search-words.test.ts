import { IDBObjectStore } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HistoryStore } from '../../../../src/background/history/history-store.ts';
import { searchWords, wordsOf } from '../../../../src/background/history/search-words.ts';
import { orderRecord } from '../fixtures.ts';
import { freshStore } from './open-store.ts';

let store: HistoryStore;

beforeEach(async () => {
  ({ store } = await freshStore());
});

afterEach(() => store.close());

const ids = (orders: { localId: string }[]) => orders.map((order) => order.localId);
const found = async (search: string) => ids(await store.queryOrders({ search }));

describe("an order's words", () => {
  it('are its title, product and merchant ids from each part on, and its ids whole', () => {
    const words = wordsOf(
      orderRecord({
        localId: 'Local-7',
        requestId: 'REQ-77',
        title: 'Crème Brûlée Torch, (2-pack)',
        productIds: ['B0LAMP0005'],
        merchantOrderIds: ['112-3456789-1234567'],
      }),
    );
    expect(words.sort()).toEqual(
      [
        'creme',
        'brulee',
        'torch',
        '2-pack',
        'pack',
        'b0lamp0005',
        '0lamp0005',
        'lamp0005',
        '0005',
        '112-3456789-1234567',
        '3456789-1234567',
        '1234567',
        'local-7',
        'req-77',
      ].sort(),
    );
  });

  it('asked for are the words of the search, less those another of them begins', () => {
    expect(searchWords('  Lamp  LAMPS, desk ')).toEqual(['lamps', 'desk']);
    expect(searchWords('— !')).toEqual([]);
  });
});

describe('a search of the history', () => {
  beforeEach(async () => {
    const orders = [
      { localId: 'o1', title: 'Desk lamp, brass', productIds: ['B0LAMP0005'] },
      { localId: 'o2', title: 'Crème brûlée torch', merchantOrderIds: ['112-3456789-1234567'] },
      { localId: 'o3', title: 'Floor lamp', productIds: ['B0FLOOR001'] },
      { localId: 'o4', title: 'Clamp set' },
    ];
    for (const [at, order] of orders.entries())
      await store.addOrder(orderRecord({ ...order, requestId: `req-${at}`, createdAt: at }));
  });

  it('finds each word of the search at the start of a word, in any order, newest first', async () => {
    expect(await found('lamp')).toEqual(['o3', 'o1']);
    expect(await found('LAMP desk')).toEqual(['o1']);
    expect(await found('lamp floor')).toEqual(['o3']);
    // Inside a word is not its start: "amp" begins no word of "lamp" or "clamp".
    expect(await found('amp')).toEqual([]);
    expect(await found('lamp chair')).toEqual([]);
  });

  it('ignores case and accents, and finds an id by any of its parts', async () => {
    expect(await found('creme BRULEE')).toEqual(['o2']);
    expect(await found('3456789')).toEqual(['o2']);
    expect(await found('112-3456')).toEqual(['o2']);
    expect(await found('lamp0')).toEqual(['o1']);
    expect(await found('b0floor')).toEqual(['o3']);
  });

  it('filters nothing for a search of punctuation alone', async () => {
    expect(await found(' - ')).toEqual(['o4', 'o3', 'o2', 'o1']);
  });

  it('follows a change of title, and rewrites no words when only the state moved', async () => {
    await store.updateOrder('o4', (order) => ({ ...order, title: 'Vise grip' }));
    expect(await found('clamp')).toEqual([]);
    expect(await found('vise')).toEqual(['o4']);

    const puts = vi.spyOn(IDBObjectStore.prototype, 'put');
    try {
      await store.updateOrder('o3', (order) => ({ ...order, state: 'placed' }));
      const stores = puts.mock.contexts.map((store) => (store as IDBObjectStore).name);
      expect(stores).toContain('orders');
      expect(stores).not.toContain('words');
    } finally {
      puts.mockRestore();
    }
    expect(await found('floor')).toEqual(['o3']);
  });

  it('forgets the words of orders removed, and of a cleared history', async () => {
    await store.removeOrders(['o1'], () => true);
    expect(await found('lamp')).toEqual(['o3']);
    expect(await store.db.count('words')).toBe(3);
    await store.clear();
    expect(await store.db.count('words')).toBe(0);
  });
});
