import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { history } from '../../../src/background/history/connection.ts';
import { route } from '../../../src/background/pages/router.ts';
import type { OrderDetail, OrderView } from '../../../src/shared/protocol.ts';
import { OWN_PAGE, resetExtension } from './extension-env.ts';
import { orderRecord } from './fixtures.ts';

// Every order the background sends a page comes with what can be done with it now and
// the best name known for it, made in one place.

const ask = async (type: string, payload: unknown) => {
  const reply = await route({ buyline: 1, type, payload }, OWN_PAGE);
  if (!reply?.ok) throw new Error(JSON.stringify(reply));
  return reply.data;
};

describe('orders as pages are given them', () => {
  beforeEach(resetExtension);

  it('lists each order with its actions, and offers no Cancel or Abort without a request id', async () => {
    const store = await history();
    await store.addOrder(
      orderRecord({ localId: 'mine', state: 'placed', merchantOrderIds: ['m-1'], title: 'Lamp' }),
    );
    await store.addOrder(
      orderRecord({
        localId: 'synced',
        state: 'placed',
        source: 'sync',
        requestId: undefined,
        merchantOrderIds: ['m-2'],
        createdAt: 1_000_001,
      }),
    );
    await store.addOrder(
      orderRecord({ localId: 'placing', requestId: undefined, createdAt: 1_000_002 }),
    );
    const orders = (await ask('orders.query', {})) as OrderView[];
    const byId = Object.fromEntries(orders.map((order) => [order.localId, order.life]));
    expect(byId.mine?.actions.cancel).toEqual(['m-1']);
    expect(byId.synced?.actions.cancel).toEqual([]);
    expect(byId.synced?.unavailable).toMatch(/Buyline cannot cancel it:/);
    expect(byId.placing?.actions.abort).toBe(false);
    expect(byId.placing?.unavailable).toMatch(/Buyline cannot stop it:/);
  });

  it('names a synced order by an earlier order of the same product, else its storefront and id', async () => {
    const store = await history();
    await store.addOrder(orderRecord({ localId: 'earlier', title: 'Probe Desk', state: 'placed' }));
    await store.addOrder(
      orderRecord({ localId: 'synced', source: 'sync', state: 'placed', createdAt: 1_000_001 }),
    );
    await store.addOrder(
      orderRecord({
        localId: 'stranger',
        source: 'sync',
        state: 'placed',
        productIds: ['B0NEVERSEEN'],
        createdAt: 1_000_002,
      }),
    );
    const detail = (await ask('order.get', { localId: 'synced' })) as OrderDetail;
    expect(detail.order.life.title).toBe('Probe Desk');
    const orders = (await ask('orders.query', {})) as OrderView[];
    expect(orders.map((order) => order.life.title)).toEqual([
      'Amazon B0NEVERSEEN',
      'Probe Desk',
      'Probe Desk',
    ]);
  });

  it('refuses to abort an order without a request id, and says why', async () => {
    const store = await history();
    await store.addOrder(orderRecord({ localId: 'placing', requestId: undefined }));
    const reply = await route(
      { buyline: 1, type: 'order.abort', payload: { localId: 'placing' } },
      OWN_PAGE,
    );
    expect(reply?.ok).toBe(false);
    expect(reply && !reply.ok && reply.error.message).toMatch(/cannot be stopped from here/);
    expect((await store.getOrder('placing'))?.abortRequested).toBeUndefined();
  });
});
