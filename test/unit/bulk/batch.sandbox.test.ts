import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

// A worker can stop anywhere. Handing a row over writes its order, its state and the
// batch's cursor in one transaction (hand-over.test.ts stops it inside); tests here name
// orders right after whose placement the "worker" stops, before anything else runs.
vi.mock('../../../src/background/placing/placement.ts', async (importOriginal) => {
  const real =
    await importOriginal<typeof import('../../../src/background/placing/placement.ts')>();
  return {
    ...real,
    placeOrder: async (...args: Parameters<typeof real.placeOrder>) => {
      const result = await real.placeOrder(...args);
      const stopAfter = (globalThis as { stopAfterPlacing?: Set<string> }).stopAfterPlacing;
      if (stopAfter?.delete(args[0])) throw new Error('the worker stopped here');
      return result;
    },
  };
});

import type { RunningSandbox } from '../../../sandbox/index.ts';
import type { BatchView } from '../../../src/shared/bulk/types.ts';
import { startTestSandbox, useFakeClock, useRealClock } from '../background/sandbox-env.ts';
import {
  createdAtSandbox,
  drive,
  fault,
  fileRow,
  freshExtension,
  loadWorker,
  OVER_A_WINDOW,
  placedAtSandbox,
  restartWorker,
  settled,
  startPayload,
  type Worker,
} from './bulk-env.ts';

const stopAfterPlacing = new Set<string>();
(globalThis as { stopAfterPlacing?: Set<string> }).stopAfterPlacing = stopAfterPlacing;

let sandbox: RunningSandbox;
let worker: Worker;
beforeAll(async () => {
  sandbox = await startTestSandbox(150);
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  useFakeClock();
  stopAfterPlacing.clear();
  await freshExtension(sandbox);
  worker = await loadWorker();
});
afterEach(async () => {
  await worker.stop();
  useRealClock();
});

/** Orders the sandbox created since the test began (every state). */
let createdBefore = 0;
const created = async () => (await createdAtSandbox(sandbox)) - createdBefore;
beforeEach(async () => {
  createdBefore = await createdAtSandbox(sandbox);
});

const handedCount = (view: BatchView) => view.orders.filter((o) => o.status === 'handed').length;

describe('a 200-row batch through faults and two worker stops', () => {
  it('places exactly one order per good row, and none for a bad one', async () => {
    const rows = Array.from({ length: 200 }, (_, i) => {
      if (i % 20 === 7) return fileRow({ quantity: '0' });
      if (i % 20 === 13) return fileRow({ zip_code: 'x' });
      // Good rows the retailer then turns down: one order each, failed at the service.
      if (i % 25 === 4) return fileRow({ product_id: 'B0OOSTOCK1' });
      return fileRow({ client_notes: `store order ${i}` });
    });
    const payload = startPayload(rows);
    const started = await worker.ask('bulk.start', payload);
    expect(started.started).toBe(true);

    // Recorded before anything was sent: every order, each with its own local id.
    const recorded = (await worker.batchView(payload.batchId, { limit: 1_000 })) as BatchView;
    expect(recorded.total).toBe(200);
    expect(new Set(recorded.orders.map((order) => order.localId)).size).toBe(200);

    // A stop right after placement took an order, before the batch noted it: the
    // order named here, half-way through the file.
    const midway = recorded.orders
      .filter(
        (order) => order.status === 'waiting' && order.lines[0]?.cells.product_id === 'B0PLACES01',
      )
      .at(-5);
    expect(midway).toBeDefined();
    stopAfterPlacing.add(midway?.localId ?? '');

    // Faults while the batch runs: server errors, a lost answer, a dropped
    // connection, a request that never answers, and a 429 hold.
    await fault(sandbox, { mode: '500', method: 'POST', path: '/v1/orders', count: 3 });
    await fault(sandbox, { mode: '500', method: 'POST', path: '/v1/orders', when: 'after' });
    await fault(sandbox, {
      mode: 'drop',
      method: 'POST',
      path: '/v1/orders',
      when: 'after',
      count: 2,
    });
    await fault(sandbox, { mode: 'timeout', method: 'POST', path: '/v1/orders', when: 'after' });
    await fault(sandbox, { mode: '429', method: 'POST', path: '/v1/orders', retry_after: 1 });
    await drive(worker, payload.batchId, (view) => handedCount(view) >= 60);

    // A stop between two rounds, with orders in flight.
    worker = await restartWorker(worker);
    await fault(sandbox, { mode: '429', method: 'GET', path: '/v1/orders/', retry_after: 1 });
    await fault(sandbox, { mode: 'drop', method: 'POST', path: '/v1/orders', when: 'after' });
    await drive(worker, payload.batchId, () => !stopAfterPlacing.size);
    worker = await restartWorker(worker);

    const done = await drive(worker, payload.batchId, settled, 600);
    const good = done.orders.filter((order) => order.status !== 'refused');
    expect(good).toHaveLength(180);
    // The bad rows were refused by placement's one check when their turn came, at their cells.
    expect(done.orders.find((order) => order.rows[0] === 9)).toMatchObject({
      status: 'refused',
      problems: [{ row: 9, column: 'quantity', message: 'must be a whole number of at least 1.' }],
    });
    expect(await created()).toBe(180);
    const placed = done.orders.filter((order) => order.state === 'placed');
    const listed = new Set(await placedAtSandbox(sandbox));
    expect(placed.every((order) => listed.has(order.localId))).toBe(true);
    expect(done.batch.counts).toEqual({
      waiting: 0,
      held: 0,
      sent: 0,
      placed: 172,
      failed: 28,
      cancelled: 0,
    });
    expect(done.batch.state).toBe('done');
    expect(done.orders.find((order) => order.localId === midway?.localId)).toMatchObject({
      status: 'handed',
      state: 'placed',
    });
  }, 120_000);
});

describe('pause, resume and cancel the rest', () => {
  it('pauses: nothing more is handed over until resumed, then the rest goes', async () => {
    const payload = startPayload(Array.from({ length: OVER_A_WINDOW }, () => fileRow()));
    await worker.ask('bulk.start', payload);
    const paused = await worker.ask('bulk.pause', { batchId: payload.batchId });
    expect(paused.state).toBe('paused');
    const handedBefore = paused.orders - paused.counts.waiting;
    expect(handedBefore).toBeGreaterThan(0);
    expect(paused.counts.waiting).toBeGreaterThan(0);

    const stillPaused = await drive(
      worker,
      payload.batchId,
      (view) => view.batch.counts.sent === 0 && view.batch.counts.held === 0,
    );
    expect(stillPaused.batch.counts.waiting).toBe(paused.counts.waiting);
    expect(await created()).toBe(handedBefore);

    const resumed = await worker.ask('bulk.resume', { batchId: payload.batchId });
    // The rest fits in one window: all of it is handed over at once.
    expect(resumed.counts.waiting).toBe(0);
    const done = await drive(worker, payload.batchId, settled);
    expect(done.batch.counts.placed).toBe(OVER_A_WINDOW);
    expect(await created()).toBe(OVER_A_WINDOW);
  }, 60_000);

  it('cancels the rest: orders not handed over are never sent, even after a restart', async () => {
    const payload = startPayload(Array.from({ length: OVER_A_WINDOW }, () => fileRow()));
    const started = await worker.ask('bulk.start', payload);
    const handed = OVER_A_WINDOW - started.view.batch.counts.waiting;
    const stopped = await worker.ask('bulk.cancelRest', { batchId: payload.batchId });
    expect(stopped.state).toBe('stopped');
    expect(stopped.counts.cancelled).toBe(OVER_A_WINDOW - handed);

    await drive(worker, payload.batchId, settled);
    worker = await restartWorker(worker);
    const done = await drive(worker, payload.batchId, settled);
    expect(done.batch.counts).toMatchObject({
      placed: handed,
      cancelled: OVER_A_WINDOW - handed,
      waiting: 0,
    });
    expect(await created()).toBe(handed);
    // A paused or stopped batch does not start again by itself.
    const again = await worker.ask('bulk.resume', { batchId: payload.batchId });
    expect(again.state).toBe('stopped');
  }, 60_000);
});

describe('after the batch', () => {
  it('never places again an order that may have been placed at the retailer', async () => {
    const payload = startPayload([fileRow({ product_id: 'B0PROBPLC1' })]);
    await worker.ask('bulk.start', payload);
    const done = await drive(worker, payload.batchId, settled);
    const failed = done.orders.find((order) => order.state === 'failed');
    expect(failed?.life.problem).toMatch(/probably placed/i);
    // The page is offered no retry: the order's own answer withholds it (bulk-life.ts).
    expect(failed?.life.retry).toBe(false);
    const fix = {
      batchId: payload.batchId,
      index: failed?.index,
      draftId: crypto.randomUUID(),
      lines: failed?.lines.map((line) => ({ row: line.row, cells: line.cells })),
    };
    const refused = await worker.ask('bulk.retry', fix);
    expect(refused.placed).toBe(false);
    expect(refused.problems?.[0]?.message).toMatch(/check your orders there first/);
    expect(await created()).toBe(1);
  }, 60_000);

  it('fixes a failed order and places it again once, as a new order', async () => {
    const payload = startPayload([fileRow(), fileRow({ product_id: 'B0OOSTOCK1' })]);
    await worker.ask('bulk.start', payload);
    const done = await drive(worker, payload.batchId, settled);
    const failed = done.orders.find((order) => order.state === 'failed');
    expect(failed?.life.problem).toBeTruthy();
    expect(failed?.life.retry).toBe(true);

    const draftId = crypto.randomUUID();
    const lines = failed?.lines.map((line) => ({
      row: line.row,
      cells: { ...line.cells, product_id: 'B0PLACES01' },
    }));
    const fix = { batchId: payload.batchId, index: failed?.index, draftId, lines };
    const placed = await worker.ask('bulk.retry', fix);
    expect(placed).toMatchObject({
      placed: true,
      order: { localId: draftId, retryOf: failed?.index },
    });
    // The same fix sent twice is the same order.
    expect((await worker.ask('bulk.retry', fix)).order.localId).toBe(draftId);
    const refused = await worker.ask('bulk.retry', { ...fix, draftId: crypto.randomUUID() });
    expect(refused.placed).toBe(false);

    const after = await drive(worker, payload.batchId, settled);
    expect(after.batch.counts).toMatchObject({ placed: 2, failed: 0 });
    expect(after.batch.orders).toBe(2);
    expect(await created()).toBe(3);

    const exported = await worker.ask('bulk.export', { batchId: payload.batchId });
    const lines2 = exported.content.trim().split('\r\n');
    expect(lines2[0]).toBe(
      `${payload.columns.join(',')},order_state,request_id,merchant_order_ids,tracking,failure`,
    );
    expect(lines2).toHaveLength(3);
    expect(lines2[2]).toMatch(/,placed,[0-9a-f]{32},\d{3}-\d{7}-\d{7},,$/);
  }, 60_000);

  it('resumes a running batch when a new worker starts', async () => {
    const payload = startPayload(Array.from({ length: 40 }, () => fileRow()));
    await worker.ask('bulk.start', payload);
    // The new worker's rounds (what src/background/index.ts runs at every start, then
    // its timer and alarm) carry the batch on: nothing of the batch's own runs.
    worker = await restartWorker(worker);
    const done = await drive(worker, payload.batchId, settled, 400, { pump: false });
    expect(done.batch.counts.placed).toBe(40);
    expect(await created()).toBe(40);
  }, 60_000);
});
