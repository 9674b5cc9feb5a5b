import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import type { RunningSandbox } from '../../../sandbox/index.ts';
import {
  createdAtSandbox,
  drive,
  fault,
  fileRow,
  freshExtension,
  loadWorker,
  settled,
  startPayload,
  type Worker,
} from '../bulk/bulk-env.ts';
import { startAlreadyExistsSandbox } from './already-exists-sandbox.ts';
import { type SeenRequest, useFakeClock, useRealClock } from './sandbox-env.ts';

// A bulk row is an order of the one engine: a row whose first POST lost its answer and
// whose resend was answered 409 already_exists is placed, once, and never offered again.

const seen: SeenRequest[] = [];
let sandbox: RunningSandbox;
let worker: Worker;
beforeAll(async () => {
  sandbox = await startAlreadyExistsSandbox(seen);
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(async () => {
  useFakeClock();
  await freshExtension(sandbox);
  worker = await loadWorker();
  seen.length = 0;
});
afterEach(async () => {
  await worker.stop();
  useRealClock();
});

describe('a bulk row answered 409 already_exists', () => {
  it('is placed, once at the service, with nothing to fix or retry', async () => {
    const before = await createdAtSandbox(sandbox);
    await fault(sandbox, { mode: 'drop', method: 'POST', path: '/v1/orders', when: 'after' });
    const payload = startPayload([fileRow(), fileRow({ quantity: '2' })]);
    expect((await worker.ask('bulk.start', payload)).started).toBe(true);
    const done = await drive(worker, payload.batchId, settled);
    expect(done.batch.counts).toMatchObject({ placed: 2, failed: 0 });
    expect(done.orders.map((order) => order.state)).toEqual(['placed', 'placed']);
    expect(done.orders.some((order) => order.life.retry)).toBe(false);
    expect(done.orders.every((order) => order.life.problem === undefined)).toBe(true);
    expect(await createdAtSandbox(sandbox)).toBe(before + 2);
    // Two rows, one resend under the first row's key (answered 409), nothing more.
    const posts = seen.filter((r) => r.method === 'POST' && r.path === '/v1/orders');
    expect(posts).toHaveLength(3);
    // The sandbox's 409 carries no request id here: that row was found through the list.
    const records = await worker.ask<{ alreadyAtService?: boolean }[]>('orders.query', {
      batchId: payload.batchId,
    });
    expect(records.filter((record) => record.alreadyAtService)).toHaveLength(1);
  }, 60_000);
});
