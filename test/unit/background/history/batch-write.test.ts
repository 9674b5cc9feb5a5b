import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HistoryStore } from '../../../../src/background/history/history-store.ts';
import type { OrderRecord } from '../../../../src/shared/order-record.ts';
import { orderRecord } from '../fixtures.ts';
import { freshStore } from './open-store.ts';

// A poll round's status reads are written many orders at a time, in one transaction:
// all of them, each with its event, or none.

let store: HistoryStore;

beforeEach(async () => {
  ({ store } = await freshStore());
  for (const localId of ['a', 'b', 'c'])
    await store.addOrder(orderRecord({ localId, requestId: `req-${localId}` }), 'created');
});

afterEach(() => store.close());

const placed = (order: OrderRecord): OrderRecord => ({ ...order, state: 'placed' });
const later = (order: OrderRecord): OrderRecord => ({
  ...order,
  schedule: { ...order.schedule, nextAt: order.schedule.nextAt + 1_000 },
});

describe('a batch of changes', () => {
  it('writes every change with its event when the state moved, and answers what it wrote', async () => {
    const written = await store.updateOrders([
      { localId: 'a', change: placed, note: 'status read' },
      { localId: 'b', change: later },
      { localId: 'gone', change: placed },
      { localId: 'c', change: () => undefined },
    ]);
    expect(written.map(({ before, after }) => [before.state, after.state, after.localId])).toEqual([
      ['processing', 'placed', 'a'],
      ['processing', 'processing', 'b'],
    ]);
    expect((await store.getOrder('a'))?.state).toBe('placed');
    expect((await store.getOrder('b'))?.schedule.nextAt).toBe(1_001_000);
    expect((await store.eventsOf('a')).map((event) => [event.to, event.note])).toEqual([
      ['processing', 'created'],
      ['placed', 'status read'],
    ]);
    // A change of the schedule alone is no event.
    expect(await store.eventsOf('b')).toHaveLength(1);
  });

  it('applies a second change of the same order to the first one’s result', async () => {
    const written = await store.updateOrders([
      { localId: 'a', change: later },
      { localId: 'a', change: later },
    ]);
    expect(written.map(({ after }) => after.schedule.nextAt)).toEqual([1_001_000, 1_002_000]);
    expect((await store.getOrder('a'))?.schedule.nextAt).toBe(1_002_000);
  });

  it('leaves out a change that throws, and writes the others', async () => {
    const written = await store.updateOrders([
      { localId: 'a', change: placed },
      {
        localId: 'b',
        change: () => {
          throw new Error('no such state');
        },
      },
    ]);
    expect(written.map(({ after }) => after.localId)).toEqual(['a']);
    expect((await store.getOrder('b'))?.state).toBe('processing');
  });

  it('writes nothing at all when one record cannot be stored', async () => {
    const unstorable = (order: OrderRecord) =>
      ({ ...order, state: 'placed', total: () => 1 }) as unknown as OrderRecord;
    await expect(
      store.updateOrders([
        { localId: 'a', change: placed },
        { localId: 'b', change: unstorable },
      ]),
    ).rejects.toThrow();
    expect((await store.getOrder('a'))?.state).toBe('processing');
    expect(await store.eventsOf('a')).toHaveLength(1);
  });
});
