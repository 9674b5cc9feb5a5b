import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HistoryStore } from '../../../../src/background/history/history-store.ts';
import type { OrderRecord } from '../../../../src/shared/order-record.ts';
import { orderRecord } from '../fixtures.ts';
import { freshStore } from './open-store.ts';

// The store's part of a sync: find the record the service's keys name, and write what
// the order's life made of it in one transaction. What the change is (merging a listed
// order into ours) is tested with the order's life (test/unit/order-life).

let store: HistoryStore;

beforeEach(async () => {
  ({ store } = await freshStore());
});

afterEach(() => store.close());

const NOTE = { created: 'imported from the service', updated: 'updated from the service' };

/** An upsert whose change records what it was given and places the order. */
async function upsert(
  lookup: Parameters<HistoryStore['upsertOrder']>[0],
  incoming: OrderRecord,
): Promise<{
  given: OrderRecord | undefined;
  result: Awaited<ReturnType<HistoryStore['upsertOrder']>>;
}> {
  let given: OrderRecord | undefined;
  const result = await store.upsertOrder(
    lookup,
    (existing) => {
      given = existing;
      return existing ? { ...existing, state: 'placed', total: 999 } : incoming;
    },
    NOTE,
  );
  return { given, result };
}

describe('upsertOrder', () => {
  it('finds the order by its local id (our reference), its request id, or any merchant order id', async () => {
    await store.addOrder(
      orderRecord({ localId: 'mine', requestId: 'r9', merchantOrderIds: ['M-1', 'M-2'] }),
    );
    const incoming = orderRecord({ localId: 'other', requestId: undefined });
    for (const lookup of [
      { localId: 'mine' },
      { requestId: 'r9' },
      { merchantOrderIds: ['M-0', 'M-2'] },
    ]) {
      const { given } = await upsert(lookup, incoming);
      expect(given?.localId).toBe('mine');
    }
    expect((await store.queryOrders({ limit: 10 })).map((order) => order.localId)).toEqual([
      'mine',
    ]);
  });

  it('keeps the found record’s local id whatever the change says, and logs a state change once', async () => {
    await store.addOrder(orderRecord({ localId: 'mine', requestId: 'r9' }));
    const result = await store.upsertOrder(
      { requestId: 'r9' },
      (existing) => ({ ...(existing as OrderRecord), localId: 'sync-r9', state: 'placed' }),
      NOTE,
    );
    expect(result?.before?.state).toBe('processing');
    expect(result?.after).toMatchObject({ localId: 'mine', state: 'placed' });
    expect(await store.getOrder('sync-r9')).toBeUndefined();
    expect(
      (await store.eventsOf('mine')).map((event) => [event.from, event.to, event.note]),
    ).toEqual([
      [undefined, 'processing', 'created'],
      ['processing', 'placed', 'updated from the service'],
    ]);
  });

  it('adds an order nothing names, once: the same keys later find it', async () => {
    const incoming = orderRecord({
      localId: 'sync-mo-M-7',
      requestId: undefined,
      merchantOrderIds: ['M-7'],
      state: 'placed',
      source: 'sync',
    });
    const first = await upsert({ merchantOrderIds: ['M-7'] }, incoming);
    expect(first.given).toBeUndefined();
    expect(first.result?.before).toBeUndefined();
    expect((await store.eventsOf('sync-mo-M-7')).map((event) => event.note)).toEqual([
      'imported from the service',
    ]);
    const second = await upsert({ merchantOrderIds: ['M-7'] }, incoming);
    expect(second.given?.localId).toBe('sync-mo-M-7');
    expect(await store.queryOrders({ limit: 10 })).toHaveLength(1);
  });

  it('writes nothing when the change returns nothing', async () => {
    await store.addOrder(orderRecord({ localId: 'mine', requestId: 'r9' }));
    const before = await store.getOrder('mine');
    expect(await store.upsertOrder({ requestId: 'r9' }, () => undefined, NOTE)).toBeUndefined();
    expect(await store.getOrder('mine')).toEqual(before);
  });
});

describe('removeOrders', () => {
  it('removes, in one go, each order the condition lets go, with its cancellations and events', async () => {
    await store.addOrder(orderRecord({ localId: 'held', state: 'held' }));
    await store.addOrder(orderRecord({ localId: 'held-2', state: 'held' }));
    await store.addOrder(orderRecord({ localId: 'sent', state: 'sending' }));
    const heldOnly = (order: OrderRecord) => order.state === 'held';
    const removed = await store.removeOrders(['sent', 'held', 'gone', 'held-2'], heldOnly);
    expect(removed.map((order) => order.localId)).toEqual(['held', 'held-2']);
    expect(await store.getOrder('sent')).toBeDefined();
    expect(await store.getOrder('held')).toBeUndefined();
    expect(await store.getOrder('held-2')).toBeUndefined();
    expect(await store.eventsOf('held')).toEqual([]);
    expect(await store.eventsOf('sent')).toHaveLength(1);
    expect(await store.removeOrders(['held'], heldOnly)).toEqual([]);
  });
});
