import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { history } from '../../../../src/background/history/connection.ts';
import { openHistoryDb } from '../../../../src/background/history/db.ts';
import { route } from '../../../../src/background/pages/router.ts';
import type { OrderDetail, OrderView } from '../../../../src/shared/protocol.ts';
import { OWN_PAGE, resetExtension } from '../extension-env.ts';
import { orderRecord } from '../fixtures.ts';
import { entriesRead } from './open-store.ts';

// The orders view over a long history, as the browser bench opens it: placed orders of
// two storefronts and, newest, one order still being placed that came without a title.
// What the view reads must not grow with the history.

const NOW = 1_790_000_000_000;

const ask = async (type: string, payload: unknown) => {
  const reply = await route({ buyline: 1, type, payload }, OWN_PAGE);
  if (!reply?.ok) throw new Error(JSON.stringify(reply));
  return reply.data;
};

/** A history of `count` placed orders, written at once past the store, and the untitled order in flight. */
async function historyOf(count: number): Promise<void> {
  const db = await openHistoryDb();
  const tx = db.transaction('orders', 'readwrite');
  for (let i = 0; i < count; i++)
    void tx.store.put(
      orderRecord({
        localId: `old-${i}`,
        retailer: i % 2 ? 'amazon' : 'walmart',
        productIds: [`P${i}`],
        title: `Order ${i}`,
        createdAt: NOW - (i + 1) * 60_000,
        state: 'placed',
        merchantOrderIds: [`M-${i}`],
      }),
    );
  await tx.done;
  db.close();
  await (await history()).addOrder(
    orderRecord({ localId: 'in-flight', productIds: ['B0PLACES01'], createdAt: NOW }),
  );
}

/** The entries the first page of the orders view and the in-flight order's detail read. */
async function viewReads(count: number): Promise<number> {
  await resetExtension();
  await historyOf(count);
  const { result, read } = await entriesRead(async () => ({
    page: (await ask('orders.query', { limit: 25 })) as OrderView[],
    detail: (await ask('order.get', { localId: 'in-flight' })) as OrderDetail,
  }));
  expect(result.page).toHaveLength(25);
  expect(result.page[0]?.localId).toBe('in-flight');
  expect(result.page[1]?.life.title).toBe('Order 0');
  expect(result.detail.order.life.title).toBe('Amazon B0PLACES01');
  return read;
}

describe('the orders view over a long history', () => {
  beforeEach(resetExtension);

  it('reads as many entries over 10,000 orders as over 100', async () => {
    const small = await viewReads(100);
    const large = await viewReads(10_000);
    // A page of 25 and one detail: a few dozen entries, whatever the history holds.
    expect(small).toBeLessThan(100);
    expect(large).toBe(small);
  }, 60_000);

  it('still names an untitled order by another order of its product at its storefront', async () => {
    await historyOf(100);
    const store = await history();
    await store.addOrder(
      orderRecord({
        localId: 'elsewhere',
        retailer: 'walmart',
        productIds: ['B0PLACES01'],
        title: 'Walmart lamp',
        createdAt: NOW - 1,
      }),
    );
    await store.addOrder(
      orderRecord({
        localId: 'earlier',
        productIds: ['B0PLACES01'],
        title: 'Desk lamp',
        createdAt: NOW - 2,
      }),
    );
    const { result, read } = await entriesRead(
      async () => (await ask('order.get', { localId: 'in-flight' })) as OrderDetail,
    );
    expect(result.order.life.title).toBe('Desk lamp');
    expect(read).toBeLessThan(20);
  });
});
