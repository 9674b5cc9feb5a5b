import type { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openHistoryDb } from '../../../../src/background/history/db.ts';
import { exportHistoryJson } from '../../../../src/background/history/export.ts';
import type { HistoryStore } from '../../../../src/background/history/history-store.ts';
import type { OrderRecord } from '../../../../src/shared/order-record.ts';
import { orderRecord } from '../fixtures.ts';
import { freshStore } from './open-store.ts';

// An order's schedule lives in a store of its own: a change that moves only the schedule
// (a status read that brings nothing new) rewrites that small record, never the order.

let store: HistoryStore;
let factory: IDBFactory;
let name: string;

/** The order as the orders store holds it, read past the history store. */
async function storedOrder(localId: string): Promise<OrderRecord | undefined> {
  const db = await openHistoryDb(name, factory);
  try {
    return await db.get('orders', localId);
  } finally {
    db.close();
  }
}

const later =
  (by: number) =>
  (order: OrderRecord): OrderRecord => ({
    ...order,
    updatedAt: order.updatedAt + 5,
    schedule: {
      ...order.schedule,
      nextAt: order.schedule.nextAt + by,
      count: order.schedule.count + 1,
    },
  });

beforeEach(async () => {
  ({ store, factory, name } = await freshStore());
  await store.addOrder(orderRecord({ localId: 'a' }), 'created');
  await store.addOrder(orderRecord({ localId: 'b', requestId: 'req-b' }), 'created');
});

afterEach(() => store.close());

describe('schedules kept apart from orders', () => {
  it('moves only the schedule when nothing else changed, in one order or many', async () => {
    const before = await storedOrder('a');
    await store.updateOrder('a', later(1_000));
    await store.updateOrders([{ localId: 'a', change: later(500), note: 'status read' }]);
    // The order as stored is untouched, its updatedAt included...
    expect(await storedOrder('a')).toEqual(before);
    // ...while every read sees the schedule as it moved, and no event was logged.
    const read = await store.getOrder('a');
    expect(read?.schedule).toEqual({ nextAt: 1_001_500, attempts: 0, count: 2 });
    expect(read?.updatedAt).toBe(1_000_000);
    expect((await store.eventsOf('a')).map((event) => event.to)).toEqual(['processing']);
    expect((await store.queryOrders({})).find((o) => o.localId === 'a')?.schedule.nextAt).toBe(
      1_001_500,
    );
    const exported = JSON.parse(await exportHistoryJson(store)) as { orders: OrderRecord[] };
    expect(exported.orders.find((o) => o.localId === 'a')?.schedule.count).toBe(2);
  });

  it('is due by the schedule as it moved, not by the one inside the order', async () => {
    await store.updateOrder('a', later(10_000));
    const due = await store.dueOrders(1_005_000, ['processing'], 10);
    expect(due.map((order) => order.localId)).toEqual(['b']);
    expect((await store.dueOrders(1_010_000, ['processing'], 10)).map((o) => o.localId)).toEqual([
      'b',
      'a',
    ]);
    expect((await store.dueOrders(1_010_000, ['processing'], 10))[1]?.schedule.nextAt).toBe(
      1_010_000,
    );
  });

  it('writes the whole order, with its schedule, when more than the schedule moved', async () => {
    await store.updateOrder('a', (order) => ({
      ...later(2_000)(order),
      state: 'placed',
    }));
    const stored = await storedOrder('a');
    expect(stored?.state).toBe('placed');
    expect(stored?.schedule.nextAt).toBe(1_002_000);
    expect(await store.dueOrders(1_001_000, ['processing'], 10)).toHaveLength(1);
    expect((await store.dueOrders(1_002_000, ['placed'], 10)).map((o) => o.localId)).toEqual(['a']);
  });

  it('finds an order by request id with its live schedule, and forgets it when it is removed', async () => {
    await store.updateOrder('b', later(3_000));
    let seen: number | undefined;
    await store.upsertOrder(
      { requestId: 'req-b' },
      (existing) => {
        seen = existing?.schedule.nextAt;
        return undefined;
      },
      { created: 'imported', updated: 'updated' },
    );
    expect(seen).toBe(1_003_000);
    await store.removeOrders(['b'], () => true);
    expect(await store.dueOrders(Number.MAX_SAFE_INTEGER, ['processing'], 10)).toHaveLength(1);
    await store.clear();
    expect(await store.dueOrders(Number.MAX_SAFE_INTEGER, ['processing'], 10)).toHaveLength(0);
  });
});
