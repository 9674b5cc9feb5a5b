import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import type { RunningSandbox } from '../../../sandbox/index.ts';
import {
  noteForBatchFinished,
  noteForBatchPaused,
} from '../../../src/background/bulk/batch-notices.ts';
import type { OrderRecord } from '../../../src/shared/order-record.ts';
import { defaultSettings } from '../../../src/shared/settings.ts';
import { STORED_KEYS } from '../../../src/shared/stored-keys.ts';
import {
  drive,
  fileRow,
  freshExtension,
  loadWorker,
  OVER_A_WINDOW,
  settled,
  startPayload,
  type Worker,
} from '../bulk/bulk-env.ts';
import { fakeBrowser } from './extension-env.ts';
import { startTestSandbox, useFakeClock, useRealClock } from './sandbox-env.ts';
import { BILLING, GIFT, LOGIN, PASSPHRASE } from './vault/vault-fixtures.ts';

// A batch is told as one: no notice per order, one when it finishes, one when it
// pauses for something the buyer must do. Run by the real background against the
// sandbox, with the notifications of @webext-core/fake-browser.

let sandbox: RunningSandbox;
let worker: Worker;
let created: string[];
beforeAll(async () => {
  sandbox = await startTestSandbox(150);
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  // Time moves only as drive() moves it: the holds, the batch's steps and the rounds.
  useFakeClock();
  // A hold before sending, so the held notices a single order gets are in play too.
  await freshExtension(sandbox, { holdSeconds: 2 });
  worker = await loadWorker();
  created = [];
  const create = fakeBrowser.notifications.create.bind(fakeBrowser.notifications);
  vi.spyOn(fakeBrowser.notifications, 'create').mockImplementation((async (
    id: string,
    options: never,
  ) => {
    created.push(id);
    return create(id, options);
  }) as never);
});
afterEach(async () => {
  await worker.stop();
  vi.restoreAllMocks();
  useRealClock();
});

/** The notices on screen now, with what each says. */
async function notices(): Promise<Record<string, { title: string; message: string }>> {
  const shown = Object.keys(await fakeBrowser.notifications.getAll());
  const options = fakeBrowser.notifications.getAllCreateOptions() as Record<
    string,
    { title: string; message: string }
  >;
  return Object.fromEntries(shown.map((id) => [id, options[id] as never]));
}

/** Six orders: five the sandbox places, one it fails (the product is out of stock). */
const SIX = () =>
  startPayload([
    fileRow(),
    fileRow({ quantity: '2' }),
    fileRow({ product_id: 'B0OOSTOCK1' }),
    fileRow(),
    fileRow({ client_notes: 'store 7' }),
    fileRow(),
  ]);

describe('a batch’s notices', () => {
  it('are one when it finishes, with its counts, and none for its orders', async () => {
    const payload = SIX();
    expect((await worker.ask('bulk.start', payload)).started).toBe(true);
    const done = await drive(worker, payload.batchId, settled);
    expect(done.batch.counts).toMatchObject({ placed: 5, failed: 1 });

    const id = `buyline:batch:${payload.batchId}:finished`;
    expect(created).toEqual([id]);
    expect((await notices())[id]).toMatchObject({
      title: 'Batch finished with 1 failed',
      message: 'orders.csv: 5 placed, 1 failed. Open it to see why.',
    });
    // More rounds (tracking, a sync) tell nothing more.
    for (let i = 0; i < 5; i++) {
      await worker.runDueWork();
      await worker.pumpAll();
    }
    expect(created).toEqual([id]);
    // The failure still waits for the buyer on the badge, and the batch finds it.
    expect(await fakeBrowser.action.getBadgeText({})).toBe('!');
    const failed = await worker.ask<OrderRecord[]>('orders.query', {
      batchId: payload.batchId,
      state: 'failed',
    });
    expect(failed).toHaveLength(1);
    expect(failed[0]?.failure?.code).toBe('product_unavailable');
  }, 60_000);

  it('follow the notification settings', async () => {
    const { key } = STORED_KEYS.settings;
    const stored = (await fakeBrowser.storage.sync.get(key))[key] as Record<string, unknown>;
    const notifications = (placed: boolean, failed: boolean) =>
      fakeBrowser.storage.sync.set({
        [key]: { ...stored, notifications: { ...defaultSettings().notifications, placed, failed } },
      });
    await notifications(false, false);
    const payload = SIX();
    await worker.ask('bulk.start', payload);
    await drive(worker, payload.batchId, settled);
    expect(created).toEqual([]);
    // Told or not, it is noted as told: turning notices back on raises no late one.
    await notifications(true, true);
    await worker.pumpAll();
    await worker.runDueWork();
    expect(created).toEqual([]);
  }, 60_000);

  it('are not raised by a pause the buyer made; cancelling the rest ends the batch, told once', async () => {
    const payload = startPayload(Array.from({ length: OVER_A_WINDOW }, () => fileRow()));
    await worker.ask('bulk.start', payload);
    // Paused once some orders went out: those go on, the held ones are taken back.
    await drive(worker, payload.batchId, (view) => view.batch.counts.placed > 0);
    await worker.ask('bulk.pause', { batchId: payload.batchId });
    const paused = await drive(
      worker,
      payload.batchId,
      (view) => view.batch.counts.held + view.batch.counts.sent === 0,
    );
    expect(paused.batch.counts.waiting).toBeGreaterThan(0);
    expect(created).toEqual([]);
    await worker.ask('bulk.cancelRest', { batchId: payload.batchId });
    const id = `buyline:batch:${payload.batchId}:finished`;
    expect(created).toEqual([id]);
    expect((await notices())[id]?.message).toBe(
      `orders.csv: ${paused.batch.counts.placed} placed, 0 failed, ${paused.batch.counts.waiting} cancelled.`,
    );
  }, 60_000);

  it('are one when the vault locks under it, gone once resumed, then one when it finishes', async () => {
    for (const [type, body] of [
      ['vault.create', { passphrase: PASSPHRASE }],
      ['vault.save', { item: LOGIN }],
      ['vault.save', { item: GIFT }],
      ['vault.save', { item: BILLING }],
    ] as const)
      await worker.ask(type, body);
    const payload = {
      ...startPayload(Array.from({ length: OVER_A_WINDOW }, () => fileRow({ max_price: '' }))),
      options: {
        mode: 'own' as const,
        secrets: { credentialsId: LOGIN.id, paymentId: GIFT.id, billingId: BILLING.id },
      },
    };
    await worker.ask('bulk.start', payload);
    await worker.ask('vault.lock');
    await drive(worker, payload.batchId, (view) => view.batch.state === 'paused');
    const pausedId = `buyline:batch:${payload.batchId}:paused`;
    expect(created).toEqual([pausedId]);
    expect((await notices())[pausedId]).toEqual(
      expect.objectContaining({
        title: 'Batch paused: orders.csv',
        message: 'The vault is locked. Unlock it in Options, then resume the batch.',
      }),
    );
    // Still paused: more steps tell nothing more.
    await worker.pumpAll();
    expect(created).toEqual([pausedId]);

    await worker.ask('vault.unlock', { passphrase: PASSPHRASE });
    await worker.ask('bulk.resume', { batchId: payload.batchId });
    expect(await notices()).toEqual({});
    await drive(worker, payload.batchId, settled);
    const finishedId = `buyline:batch:${payload.batchId}:finished`;
    expect(created).toEqual([pausedId, finishedId]);
    expect((await notices())[finishedId]?.message).toBe(
      `orders.csv: ${OVER_A_WINDOW} placed, 0 failed.`,
    );
  }, 60_000);
});

describe('the words of a batch’s notices', () => {
  const counts = { waiting: 0, held: 0, sent: 0, placed: 8, failed: 2, cancelled: 0 };
  const all = defaultSettings().notifications;

  it('tell failures under the failed kind, else placed orders under the placed kind', () => {
    expect(noteForBatchFinished({ name: 'a.csv', counts }, all)).toMatchObject({ kind: 'failed' });
    expect(
      noteForBatchFinished({ name: 'a.csv', counts }, { ...all, failed: false }),
    ).toMatchObject({ kind: 'placed', message: 'a.csv: 8 placed, 2 failed. Open it to see why.' });
    expect(noteForBatchFinished({ name: 'a.csv', counts: { ...counts, failed: 0 } }, all)).toEqual({
      kind: 'placed',
      title: 'Batch finished',
      message: 'a.csv: 8 placed, 0 failed.',
    });
    expect(
      noteForBatchFinished(
        { name: 'a.csv', counts: { ...counts, failed: 0 } },
        {
          ...all,
          placed: false,
        },
      ),
    ).toBeUndefined();
  });

  it('say why a batch paused, as the runner put it', () => {
    expect(
      noteForBatchPaused({
        name: 'b.csv',
        pauseReason:
          'Paused: a vault item this batch orders with is not in the vault any more. Cancel the rest.',
      }),
    ).toEqual({
      kind: 'failed',
      title: 'Batch paused: b.csv',
      message: 'A vault item this batch orders with is not in the vault any more. Cancel the rest.',
    });
  });
});
