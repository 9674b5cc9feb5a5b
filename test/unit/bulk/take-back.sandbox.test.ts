import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import type { RunningSandbox } from '../../../sandbox/index.ts';
import {
  type SeenRequest,
  startTestSandbox,
  useFakeClock,
  useRealClock,
} from '../background/sandbox-env.ts';
import {
  drive,
  fileRow,
  freshExtension,
  loadWorker,
  restartWorker,
  runFor,
  settled,
  startPayload,
  type Worker,
} from './bulk-env.ts';

// Pause and "Cancel the rest" take back every order still in the hold before sending,
// as Undo does for one order: the service sees no POST for them, however long the
// clock then runs, and the page is told exactly which orders went out.

const HOLD_SECONDS = 5;
let sandbox: RunningSandbox;
let worker: Worker;
const seen: SeenRequest[] = [];
const posts = () =>
  seen.filter((request) => request.method === 'POST' && request.path === '/v1/orders').length;

beforeAll(async () => {
  sandbox = await startTestSandbox(150, seen);
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  useFakeClock();
  await freshExtension(sandbox, { holdSeconds: HOLD_SECONDS });
  worker = await loadWorker();
  seen.length = 0;
});
afterEach(async () => {
  await worker.stop();
  useRealClock();
});

/** Starts a batch of `rows` good rows; its first orders are handed over, held. */
async function startHeld(rows: number) {
  const payload = startPayload(Array.from({ length: rows }, () => fileRow()));
  const started = await worker.ask('bulk.start', payload);
  expect(started.view.batch.counts.held).toBeGreaterThan(0);
  return { batchId: payload.batchId, held: started.view.batch.counts.held as number };
}

describe('pause during the hold before sending', () => {
  it('takes every held order back: nothing is sent until Resume, then each row once', async () => {
    const { batchId, held } = await startHeld(40);
    const paused = await worker.ask('bulk.pause', { batchId });
    expect(paused).toMatchObject({ state: 'paused', stage: 'paused', sent: 0, notSent: 40 });
    expect(paused.counts).toMatchObject({ waiting: 40, held: 0, sent: 0 });

    // Well past the hold: nothing went out, and the rows still wait.
    await runFor(worker, HOLD_SECONDS * 3);
    expect(posts()).toBe(0);
    const view = await worker.batchView(batchId, { limit: 100 });
    expect(view?.orders.every((order) => order.status === 'waiting' && !order.state)).toBe(true);
    expect(held).toBeGreaterThan(0);

    await worker.ask('bulk.resume', { batchId });
    const done = await drive(worker, batchId, settled);
    expect(done.batch.counts.placed).toBe(40);
    expect(posts()).toBe(40);
    expect(new Set(done.orders.map((order) => order.localId)).size).toBe(40);
  }, 60_000);

  it('keeps what was already sent, and says which orders went out', async () => {
    const { batchId } = await startHeld(40);
    // The first orders' hold ends and they are sent; the batch hands over more.
    const sentSome = await drive(worker, batchId, (view) => view.batch.counts.placed > 0);
    const gone = sentSome.orders.filter((order) => order.state && order.state !== 'held');
    const paused = await worker.ask('bulk.pause', { batchId });
    expect(paused.sent).toBe(gone.length);
    expect(paused.notSent).toBe(40 - gone.length);
    expect(paused.counts.held).toBe(0);
    const after = await drive(worker, batchId, (view) => view.batch.counts.sent === 0);
    expect(posts()).toBe(gone.length);
    expect(after.batch.counts.placed).toBe(gone.length);
  }, 60_000);
});

describe('cancel the rest with orders held', () => {
  it('cancels the held orders too: none is ever sent, even after a restart', async () => {
    const { batchId } = await startHeld(40);
    const stopped = await worker.ask('bulk.cancelRest', { batchId });
    expect(stopped).toMatchObject({ state: 'stopped', sent: 0, notSent: 40, current: false });
    expect(stopped.counts).toMatchObject({ cancelled: 40, held: 0, waiting: 0 });

    await drive(worker, batchId, settled);
    worker = await restartWorker(worker);
    await runFor(worker, HOLD_SECONDS * 3);
    const done = await drive(worker, batchId, settled);
    expect(done.batch.stage).toBe('stopped');
    expect(posts()).toBe(0);
    expect(done.orders.every((order) => order.status === 'cancelled' && !order.state)).toBe(true);
  }, 60_000);
});

describe('a batch as the page is told it', () => {
  it('is waiting out the hold, not finished nor "still placing", while its last orders are held', async () => {
    const { batchId } = await startHeld(3);
    const view = await worker.batchView(batchId);
    expect(view?.batch).toMatchObject({ state: 'done', stage: 'holding', current: true });
    expect(view?.batch.words.stage).toBe('Waiting out the hold');
    const done = await drive(worker, batchId, settled);
    expect(done.batch).toMatchObject({ stage: 'finished', current: false, sent: 3, notSent: 0 });
  }, 60_000);
});
