import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HistoryStore } from '../../../../src/background/history/history-store.ts';
import type { OrderState } from '../../../../src/shared/order-record.ts';
import { orderRecord } from '../fixtures.ts';
import { freshStore } from './open-store.ts';

const DAY = 86_400_000;
const STATES: OrderState[] = ['sending', 'unconfirmed', 'processing', 'placed', 'failed'];

let store: HistoryStore;

beforeEach(async () => {
  ({ store } = await freshStore());
});

afterEach(() => store.close());

const ids = (orders: { localId: string }[]) => orders.map((order) => order.localId);

/** Orders o0..o29, one a day: every third at walmart, states in turn. */
async function thirtyOrders(): Promise<void> {
  for (let i = 0; i < 30; i++) {
    await store.addOrder(
      orderRecord({
        localId: `o${i}`,
        requestId: `req-${i}`,
        createdAt: i * DAY,
        retailer: i % 3 === 0 ? 'walmart' : 'amazon',
        state: STATES[i % 5] as OrderState,
        productIds: [`P${i}`],
        ...(i === 7 ? { title: 'Desk Lamp', merchantOrderIds: ['112-ABC-7'] } : {}),
      }),
    );
  }
}

describe('queryOrders', () => {
  it('returns orders newest first', async () => {
    await thirtyOrders();
    expect(ids(await store.queryOrders({ limit: 4 }))).toEqual(['o29', 'o28', 'o27', 'o26']);
  });

  it('filters by retailer and date range, from inclusive and to exclusive', async () => {
    await thirtyOrders();
    const walmart = await store.queryOrders({ retailer: 'walmart', from: 3 * DAY, to: 15 * DAY });
    expect(ids(walmart)).toEqual(['o12', 'o9', 'o6', 'o3']);
    expect(await store.queryOrders({ retailer: 'target' })).toEqual([]);
    expect(await store.queryOrders({ from: 5 * DAY, to: 5 * DAY })).toEqual([]);
    expect(ids(await store.queryOrders({ from: 28 * DAY }))).toEqual(['o29', 'o28']);
  });

  it('filters by state, and by all in-flight states at once', async () => {
    await thirtyOrders();
    expect(ids(await store.queryOrders({ state: 'failed' }))).toEqual([
      'o29',
      'o24',
      'o19',
      'o14',
      'o9',
      'o4',
    ]);
    const inFlight = await store.queryOrders({ state: 'in_flight', limit: 5 });
    expect(ids(inFlight)).toEqual(['o27', 'o26', 'o25', 'o22', 'o21']);
    expect(ids(await store.queryOrders({ state: 'placed', retailer: 'walmart' }))).toEqual([
      'o18',
      'o3',
    ]);
  });

  it('pages with before, without gaps or repeats', async () => {
    await thirtyOrders();
    const seen: string[] = [];
    let before: number | undefined;
    for (let page = 0; page < 10; page++) {
      const found = await store.queryOrders({
        state: 'in_flight',
        limit: 4,
        ...(before !== undefined ? { before } : {}),
      });
      if (found.length === 0) break;
      seen.push(...ids(found));
      before = found.at(-1)?.createdAt;
    }
    const all = ids(await store.queryOrders({ state: 'in_flight', limit: 100 }));
    expect(all).toHaveLength(18);
    expect(seen).toEqual(all);
  });

  it('returns 50 orders unless told otherwise', async () => {
    for (let i = 0; i < 60; i++)
      await store.addOrder(orderRecord({ localId: `n${i}`, createdAt: i }));
    expect(await store.queryOrders({})).toHaveLength(50);
    expect(await store.queryOrders({ limit: 55 })).toHaveLength(55);
    expect(await store.queryOrders({ limit: 2.5 })).toHaveLength(2);
    expect(await store.queryOrders({ limit: 0 })).toEqual([]);
    expect(await store.queryOrders({ from: Number.NaN })).toEqual([]);
  });

  it('walks a long filtered history without skipping or repeating orders that share a time', async () => {
    // Seven orders a millisecond, two in three matching: a filtered walk reads 200
    // index entries at a time, so batch ends fall inside runs of equal times.
    const matching: number[] = [];
    for (let i = 0; i < 450; i++) {
      const createdAt = Math.floor(i / 7);
      await store.addOrder(
        orderRecord({ localId: `t${i}`, createdAt, title: i % 3 ? 'tie' : 'x' }),
      );
      if (i % 3) matching.push(createdAt);
    }
    const found = await store.queryOrders({ search: 'tie', limit: 200 });
    expect(new Set(ids(found)).size).toBe(200);
    expect(found.map((order) => order.createdAt)).toEqual(
      matching.sort((a, b) => b - a).slice(0, 200),
    );
  });

  it('reads a batch that ends at the lower bound of the range once', async () => {
    // A filtered walk with a limit under 200 reads 200 at a time: here the 200th order
    // from the top is the first in range, and half of them match.
    for (let i = 0; i < 230; i++) {
      await store.addOrder(
        orderRecord({ localId: `s${i}`, createdAt: 470 + i, title: i % 2 ? 'odd' : 'even' }),
      );
    }
    const found = await store.queryOrders({ from: 500, search: 'even', limit: 150 });
    expect(found).toHaveLength(100);
    expect(new Set(ids(found)).size).toBe(100);
    expect(found.at(-1)?.createdAt).toBe(500);
  });

  it('searches product ids, title, request id, merchant order ids and local id, ignoring case', async () => {
    await thirtyOrders();
    expect(ids(await store.queryOrders({ search: 'p17' }))).toEqual(['o17']);
    expect(ids(await store.queryOrders({ search: 'desk lamp' }))).toEqual(['o7']);
    expect(ids(await store.queryOrders({ search: '112-abc' }))).toEqual(['o7']);
    expect(ids(await store.queryOrders({ search: 'REQ-23' }))).toEqual(['o23']);
    expect(ids(await store.queryOrders({ search: 'O2', limit: 3 }))).toEqual(['o29', 'o28', 'o27']);
    expect(ids(await store.queryOrders({ search: 'p1', retailer: 'walmart' }))).toEqual([
      'o18',
      'o15',
      'o12',
    ]);
    expect(await store.queryOrders({ search: 'nothing like it' })).toEqual([]);
  });
});

describe('due work and counts', () => {
  const at = (nextAt: number) => ({ schedule: { nextAt, attempts: 0, count: 0 } });

  it('finds due orders in the given states, oldest next step first, up to the limit', async () => {
    await store.addOrder(orderRecord({ localId: 'a', state: 'processing', ...at(300) }));
    await store.addOrder(orderRecord({ localId: 'b', state: 'sending', ...at(100) }));
    await store.addOrder(orderRecord({ localId: 'c', state: 'processing', ...at(9_999) }));
    await store.addOrder(orderRecord({ localId: 'd', state: 'failed', ...at(0) }));
    await store.addOrder(orderRecord({ localId: 'e', state: 'unconfirmed', ...at(1_000) }));
    await store.addOrder(orderRecord({ localId: 'f', state: 'processing', ...at(200) }));
    expect(ids(await store.dueOrders(1_000, ['sending', 'processing', 'unconfirmed'], 10))).toEqual(
      ['b', 'f', 'a', 'e'],
    );
    expect(ids(await store.dueOrders(1_000, ['processing', 'sending'], 2))).toEqual(['b', 'f']);
    expect(await store.dueOrders(50, ['processing', 'sending'], 10)).toEqual([]);
    expect(await store.dueOrders(1_000, [], 10)).toEqual([]);
    expect(await store.dueOrders(1_000, ['processing'], 0)).toEqual([]);
  });

  it('sees an order become due when its schedule moves', async () => {
    await store.addOrder(orderRecord({ localId: 'a', ...at(5_000) }));
    expect(await store.dueOrders(1_000, ['processing'], 10)).toEqual([]);
    await store.updateOrder('a', (order) => ({ ...order, ...at(500) }));
    expect(ids(await store.dueOrders(1_000, ['processing'], 10))).toEqual(['a']);
  });

  it('finds due cancellations the same way', async () => {
    const base = {
      orderLocalId: 'local-1',
      orderRequestId: 'req-1',
      merchantOrderId: 'M-1',
      idempotencyKey: 'k',
      createdAt: 1,
      updatedAt: 1,
    };
    await store.addCancellation({
      ...base,
      localId: 'x',
      state: 'attempting_to_cancel',
      ...at(40),
    });
    await store.addCancellation({ ...base, localId: 'y', state: 'sending', ...at(20) });
    await store.addCancellation({ ...base, localId: 'z', state: 'cancelled', ...at(0) });
    await store.addCancellation({ ...base, localId: 'w', state: 'processing', ...at(900) });
    expect(
      ids(await store.dueCancellations(100, ['sending', 'processing', 'attempting_to_cancel'], 10)),
    ).toEqual(['y', 'x']);
    expect(await store.countCancellations(['sending', 'processing', 'attempting_to_cancel'])).toBe(
      3,
    );
    expect(await store.countCancellations(['cancelled', 'failed'])).toBe(1);
  });

  it('counts orders by state', async () => {
    await thirtyOrders();
    expect(await store.countOrders(['sending', 'unconfirmed', 'processing'])).toBe(18);
    expect(await store.countOrders(['placed'])).toBe(6);
    expect(await store.countOrders([])).toBe(0);
  });
});
