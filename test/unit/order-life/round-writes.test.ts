import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { IDBDatabase } from 'fake-indexeddb';
import type { RunningSandbox } from '../../../sandbox/index.ts';
import { history } from '../../../src/background/history/connection.ts';
import { HistoryStore } from '../../../src/background/history/history-store.ts';
import { route } from '../../../src/background/pages/router.ts';
import { ROUND_CHUNK } from '../../../src/background/rounds/round-writes.ts';
import type { ChangeNotice } from '../../../src/shared/change-feed.ts';
import { STORED_KEYS } from '../../../src/shared/stored-keys.ts';
import { MANAGED_ORDER } from '../../fixtures.ts';
import { fakeBrowser, OWN_PAGE, resetExtension } from '../background/extension-env.ts';
import {
  advance,
  connectTo,
  type SeenRequest,
  startTestSandbox,
  useFakeClock,
  useRealClock,
} from '../background/sandbox-env.ts';

// A poll round's status reads are written a chunk at a time, one transaction per
// chunk, and told as they were one by one: each order's notification, the badge, and
// open pages (once per chunk, with every changed id).

const seen: SeenRequest[] = [];
/** Orders that stay in flight for the whole test, and orders placed after 150 ms. */
let slow: RunningSandbox;
let quick: RunningSandbox;
let notices: ChangeNotice[] = [];
beforeAll(async () => {
  slow = await startTestSandbox(3_600_000, seen);
  quick = await startTestSandbox(150, seen);
});
afterAll(async () => {
  await slow.close();
  await quick.close();
});
beforeEach(async () => {
  await resetExtension();
  useFakeClock();
  seen.length = 0;
  notices = [];
  fakeBrowser.storage.onChanged.addListener((changes, area) => {
    const notice = changes[STORED_KEYS.changeFeed.key]?.newValue as ChangeNotice | undefined;
    if (area === 'session' && notice) notices.push(notice);
  });
});
afterEach(async () => {
  vi.restoreAllMocks();
  await resetExtension();
  useRealClock();
});

/** Places orders through the router; the first round sends them (their POSTs). */
async function place(count: number, productId = 'B0PLACES01'): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const draftId = crypto.randomUUID();
    const reply = (await route(
      {
        buyline: 1,
        type: 'order.place',
        payload: {
          draftId,
          request: { ...MANAGED_ORDER, products: [{ product_id: productId, quantity: 1 }] },
        },
      },
      OWN_PAGE,
    )) as { ok: boolean };
    if (!reply.ok) throw new Error('not placed');
    ids.push(draftId);
  }
  await advance(0);
  return ids;
}

/** Counts the history's write transactions from now on, and the batch writes. */
function countWrites(): { transactions: () => number; batches: () => number[] } {
  const sizes: number[] = [];
  const batch = HistoryStore.prototype.updateOrders;
  vi.spyOn(HistoryStore.prototype, 'updateOrders').mockImplementation(function (
    this: HistoryStore,
    changes,
  ) {
    sizes.push(changes.length);
    return batch.call(this, changes);
  });
  let transactions = 0;
  const open = IDBDatabase.prototype.transaction;
  vi.spyOn(IDBDatabase.prototype, 'transaction').mockImplementation(function (
    this: IDBDatabase,
    ...args: Parameters<IDBDatabase['transaction']>
  ) {
    if (args[1] === 'readwrite') transactions += 1;
    return open.apply(this, args);
  });
  return { transactions: () => transactions, batches: () => sizes };
}

describe('a poll round', () => {
  it('writes 250 status reads in one transaction per chunk of 200, not one per order', async () => {
    await connectTo(slow, 'sandbox', { polling: { fastSeconds: 5, trackingMinutes: 30 } });
    const ids = await place(250);
    const store = await history();
    expect((await store.queryOrders({ state: 'processing', limit: 500 })).length).toBe(250);
    const writes = countWrites();
    seen.length = 0;
    notices = [];
    // Their first read is due a second after the POSTs: one round reads all 250.
    await advance(1_000);
    expect(seen.filter((request) => request.method === 'GET')).toHaveLength(250);
    expect(writes.batches()).toEqual([ROUND_CHUNK, 50]);
    expect(writes.transactions()).toBe(2);
    // Each order's read is written: its next read is scheduled.
    const order = await store.getOrder(ids[249] as string);
    expect(order?.schedule.count).toBeGreaterThan(1);
    expect(order?.schedule.nextAt).toBeGreaterThan(Date.now());
    // Pages are told once per chunk, of every order in it.
    expect(notices.map((notice) => notice.orderIds?.length)).toEqual([ROUND_CHUNK, 50]);
    expect(new Set(notices.flatMap((notice) => notice.orderIds))).toEqual(new Set(ids));
  }, 60_000);

  it('tells each change as one by one: each order’s notification, the badge, and pages once', async () => {
    await connectTo(quick, 'sandbox', { polling: { fastSeconds: 5, trackingMinutes: 30 } });
    const placed = await place(2);
    const [failed] = await place(1, 'B0OOSTOCK1');
    expect(await fakeBrowser.action.getBadgeText({})).toBe('3');
    const writes = countWrites();
    notices = [];
    // The sandbox decided all three 150 ms after their POSTs; one round reads them.
    await advance(1_000);
    expect(writes.batches()).toEqual([3]);
    const store = await history();
    for (const localId of placed) {
      expect((await store.getOrder(localId))?.state).toBe('placed');
      expect((await store.eventsOf(localId)).at(-1)).toMatchObject({
        from: 'processing',
        to: 'placed',
        note: 'status read',
      });
    }
    expect((await store.getOrder(failed as string))?.state).toBe('failed');
    expect(Object.keys(await fakeBrowser.notifications.getAll()).sort()).toEqual(
      [
        ...placed.map((localId) => `buyline:order:${localId}:placed`),
        `buyline:order:${failed}:failed`,
      ].sort(),
    );
    // Nothing in flight any more, and a failure the buyer has not seen.
    expect(await fakeBrowser.action.getBadgeText({})).toBe('!');
    expect(notices).toHaveLength(1);
    expect(new Set(notices[0]?.orderIds)).toEqual(new Set([...placed, failed]));
  });

  it('loses only reads not yet written when their write fails: the next round reads them again', async () => {
    await connectTo(slow, 'sandbox', { polling: { fastSeconds: 5, trackingMinutes: 30 } });
    const ids = await place(5);
    const store = await history();
    const before = await store.getOrder(ids[0] as string);
    // The chunk's transaction never commits, as when the worker stops before it does.
    const write = HistoryStore.prototype.updateOrders;
    const failing = vi
      .spyOn(HistoryStore.prototype, 'updateOrders')
      .mockRejectedValueOnce(new Error('worker stopped'))
      .mockImplementation(function (this: HistoryStore, changes) {
        return write.call(this, changes);
      });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    seen.length = 0;
    const due = before?.schedule.nextAt as number;
    await advance(due - Date.now());
    const reads = () => seen.filter((request) => request.method === 'GET').map((r) => r.at);
    expect(reads()).toEqual(Array(5).fill(due));
    expect(await store.getOrder(ids[0] as string)).toEqual(before);
    // Still due: the next round, a moment later, reads all five again and writes them.
    await advance(1_000);
    expect(reads().filter((at) => at > due)).toHaveLength(5);
    expect(failing).toHaveBeenCalledTimes(2);
    for (const localId of ids)
      expect((await store.getOrder(localId))?.schedule.count).toBe(
        (before?.schedule.count ?? 0) + 1,
      );
  });
});
