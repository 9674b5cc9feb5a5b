import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import type { RunningSandbox } from '../../../sandbox/index.ts';
import { fakeBrowser } from '../background/extension-env.ts';
import { startTestSandbox, useFakeClock, useRealClock } from '../background/sandbox-env.ts';
import { BILLING, GIFT, LOGIN, PASSPHRASE, PASSWORD } from '../background/vault/vault-fixtures.ts';
import {
  createdAtSandbox,
  drive,
  fileRow,
  freshExtension,
  loadWorker,
  OVER_A_WINDOW,
  settled,
  startPayload,
  type Worker,
} from './bulk-env.ts';

// A batch placed with the buyer's own retailer account: the vault's secrets are added
// at placement only, never stored with the batch, and a locked vault pauses it.

let sandbox: RunningSandbox;
let worker: Worker;
let createdBefore = 0;
const created = async () => (await createdAtSandbox(sandbox)) - createdBefore;
beforeAll(async () => {
  sandbox = await startTestSandbox(150);
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  useFakeClock();
  await freshExtension(sandbox);
  worker = await loadWorker();
  createdBefore = await createdAtSandbox(sandbox);
});
afterEach(async () => {
  await worker.stop();
  useRealClock();
});

describe('own-account batches', () => {
  it('pause when the vault locks, go on once it is unlocked, and keep the secrets out', async () => {
    for (const [type, payload] of [
      ['vault.create', { passphrase: PASSPHRASE }],
      ['vault.save', { item: LOGIN }],
      ['vault.save', { item: GIFT }],
      ['vault.save', { item: BILLING }],
    ] as const)
      await worker.ask(type, payload);
    const payload = {
      ...startPayload(Array.from({ length: OVER_A_WINDOW }, () => fileRow({ max_price: '' }))),
      options: {
        mode: 'own' as const,
        secrets: { credentialsId: LOGIN.id, paymentId: GIFT.id, billingId: BILLING.id },
      },
    };
    const started = await worker.ask('bulk.start', payload);
    expect(started.started).toBe(true);
    // The first orders were handed over while the vault was open; then it locks.
    expect(started.view.batch.counts.waiting).toBeGreaterThan(0);
    await worker.ask('vault.lock');
    const paused = await drive(worker, payload.batchId, (view) => view.batch.state === 'paused');
    expect(paused.batch.pauseReason).toBe(
      'Paused: the vault is locked. Unlock it in Options, then resume the batch.',
    );
    expect(paused.batch.counts.waiting).toBeGreaterThan(0);

    await worker.ask('vault.unlock', { passphrase: PASSPHRASE });
    await worker.ask('bulk.resume', { batchId: payload.batchId });
    const done = await drive(worker, payload.batchId, settled);
    expect(done.batch.counts.placed).toBe(OVER_A_WINDOW);
    expect(await created()).toBe(OVER_A_WINDOW);

    const exported = await worker.ask('bulk.export', { batchId: payload.batchId });
    expect(exported.content).not.toContain(PASSWORD);
    const { historyDb } = await import('../../../src/background/bulk/batch-records.ts');
    const db = await historyDb();
    const stored = JSON.stringify([await db.getAll('batches'), await db.getAll('batchRows')]);
    expect(stored).not.toContain(PASSWORD);
    expect(stored).not.toContain('use_gift');
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain(PASSWORD);
  }, 60_000);
});
