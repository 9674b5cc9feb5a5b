import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import type { RunningSandbox } from '../../../sandbox/index.ts';
import type { BatchSummary } from '../../../src/shared/bulk/types.ts';
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
  settled,
  startPayload,
  type Worker,
} from './bulk-env.ts';

// "Cancel the rest" and Pause racing the end of the hold, in fake-indexeddb: taking an
// order back is decided in the transaction that also reads the order, and the hold's
// end (held → sending, which a send waits for) is a transaction on the same order. So
// whichever comes first wins whole: an order taken back is never sent, and an order
// whose hold ended first is told as sent in the very reply to the press.

const HOLD_SECONDS = 5;
const ROWS = 24;
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

/** A turn of the event loop: fake-indexeddb answers requests on these (real) turns. */
const turn = () => new Promise((done) => setImmediate(done));

/** A batch whose orders are all held, with the clock moved past their hold's end. */
async function heldPastTheHold(): Promise<string> {
  const payload = startPayload(Array.from({ length: ROWS }, () => fileRow()));
  const started = await worker.ask('bulk.start', payload);
  expect(started.view.batch.counts.held).toBe(ROWS);
  await worker.settled();
  // Date alone moves: the holds are due, and no timer has started the round yet.
  vi.setSystemTime(Date.now() + (HOLD_SECONDS + 1) * 1_000);
  return payload.batchId;
}

/**
 * Presses a control while a round sends what is due, the press `after` turns into it,
 * as a page reading the batch at every turn meanwhile: `shownCancelled` holds each order
 * any of those reads showed as cancelled, `neverSentSaid` each count of orders "never
 * sent" a read of the stopped batch gave.
 */
async function pressDuringRound(batchId: string, control: string, after: number) {
  const shownCancelled = new Set<string>();
  const neverSentSaid = new Set<number>();
  let watching = true;
  const watch = (async () => {
    while (watching) {
      const view = await worker.batchView(batchId, { limit: 1_000 });
      for (const order of view?.orders ?? [])
        if (order.life.bucket === 'cancelled') shownCancelled.add(order.localId);
      if (view?.batch.state === 'stopped') neverSentSaid.add(view.batch.notSent);
      await turn();
    }
  })();
  const round = worker.runDueWork();
  for (let i = 0; i < after; i++) await turn();
  const reply = await worker.ask<BatchSummary>(control, { batchId });
  await round;
  watching = false;
  await watch;
  return { reply, shownCancelled, neverSentSaid };
}

/** How many orders each press found gone already: some runs must see holds end mid-press. */
const sentAtPress: number[] = [];

describe('"Cancel the rest" while holds are ending', () => {
  for (const after of [0, 2, 5, 10, 20, 40, 80])
    it(`pressed ${after} turns into the round: what the reply says was sent is what the service gets`, async () => {
      const batchId = await heldPastTheHold();
      const { reply, shownCancelled, neverSentSaid } = await pressDuringRound(
        batchId,
        'bulk.cancelRest',
        after,
      );
      sentAtPress.push(reply.sent);
      expect(reply.state).toBe('stopped');
      // Nothing is held any more: each order was either taken back or is on its way.
      expect(reply.counts.held).toBe(0);
      expect(reply.sent + reply.counts.cancelled).toBe(ROWS);

      const done = await drive(worker, batchId, settled);
      expect(posts()).toBe(reply.sent);
      expect(done.batch.sent).toBe(reply.sent);
      expect(done.batch.counts.placed).toBe(reply.sent);
      expect(done.batch.counts.cancelled).toBe(ROWS - reply.sent);
      // A row cancelled has no order; a row sent is shown as sent, never as cancelled.
      // Every read of the stopped batch, from the first, said the same "never sent".
      expect([...neverSentSaid]).toEqual([ROWS - reply.sent]);
      for (const order of done.orders) {
        expect(order.life.bucket === 'cancelled').toBe(order.state === undefined);
        // Never shown cancelled, at any moment, and then sent.
        if (order.state !== undefined) expect(shownCancelled.has(order.localId)).toBe(false);
      }
    }, 60_000);

  it('met holds ending during the press in some of those runs', () => {
    expect(sentAtPress.some((sent) => sent > 0 && sent < ROWS)).toBe(true);
  });

  it('takes every order back when pressed before the round: none is sent', async () => {
    const batchId = await heldPastTheHold();
    const reply = await worker.ask<BatchSummary>('bulk.cancelRest', { batchId });
    expect(reply).toMatchObject({ state: 'stopped', sent: 0, notSent: ROWS });
    await drive(worker, batchId, settled);
    expect(posts()).toBe(0);
  }, 60_000);

  it('leaves sent the orders whose hold ended before the press, and says so', async () => {
    const batchId = await heldPastTheHold();
    await worker.runDueWork();
    await worker.settled();
    const reply = await worker.ask<BatchSummary>('bulk.cancelRest', { batchId });
    expect(reply.sent).toBe(ROWS);
    expect(reply.counts.cancelled).toBe(0);
    await drive(worker, batchId, settled);
    expect(posts()).toBe(ROWS);
  }, 60_000);
});

describe('Pause while holds are ending', () => {
  for (const after of [0, 5, 20, 60])
    it(`pressed ${after} turns into the round: an order taken back waits, unsent, for Resume`, async () => {
      const batchId = await heldPastTheHold();
      const { reply } = await pressDuringRound(batchId, 'bulk.pause', after);
      expect(reply.state).toBe('paused');
      expect(reply.counts.held).toBe(0);
      expect(reply.sent + reply.counts.waiting).toBe(ROWS);

      // Well past every hold, while paused: only what the reply said was sent went out.
      const paused = await drive(worker, batchId, (view) => view.batch.counts.sent === 0);
      expect(posts()).toBe(reply.sent);
      expect(paused.batch.counts.waiting).toBe(ROWS - reply.sent);
      // Resumed, each row is sent once.
      await worker.ask('bulk.resume', { batchId });
      const done = await drive(worker, batchId, settled);
      expect(done.batch.counts.placed).toBe(ROWS);
      expect(posts()).toBe(ROWS);
    }, 60_000);
});
