/**
 * Bulk batches run by the real background against the real sandbox, in memory: the
 * extension API from @webext-core/fake-browser, IndexedDB from fake-indexeddb. Test
 * files mock src/shared/browser.ts first. The background's entry points come from
 * `loadWorker()`, so a test can stop the "worker" (forget its timers, connections and
 * work under way, keep storage and IndexedDB) and start a fresh one, as Chrome does.
 */
import { vi } from 'vitest';
import type { RunningSandbox } from '../../../sandbox/index.ts';
import { DEFAULT_CONCURRENCY } from '../../../src/background/bulk/batch-runner.ts';
import type { SentRow } from '../../../src/shared/bulk/messages.ts';
import type { BatchView } from '../../../src/shared/bulk/types.ts';
import { STORED_KEYS } from '../../../src/shared/stored-keys.ts';
import { ADDRESS } from '../../fixtures.ts';
import { fakeBrowser, OWN_PAGE, resetExtension } from '../background/extension-env.ts';

const AUTH = `Basic ${Buffer.from('sandbox:').toString('base64')}`;

/** The background's entry points, from one "worker" (one set of module instances). */
export async function loadWorker() {
  const [router, scheduler, runner, view, history, bulk] = await Promise.all([
    import('../../../src/background/pages/router.ts'),
    import('../../../src/background/rounds/scheduler.ts'),
    import('../../../src/background/bulk/batch-runner.ts'),
    import('../../../src/background/bulk/batch-view.ts'),
    import('../../../src/background/history/connection.ts'),
    import('../../../src/background/bulk/plug-in.ts'),
  ]);
  // As the worker's start does (src/background/index.ts).
  bulk.plugInBulk();
  return {
    async ask<T = any>(type: string, payload: unknown = {}): Promise<T> {
      const reply = (await router.route({ buyline: 1, type, payload }, OWN_PAGE)) as
        | { ok: true; data: T }
        | { ok: false; error: { message: string } }
        | undefined;
      if (!reply?.ok) throw new Error(reply?.error.message ?? 'no reply');
      return reply.data;
    },
    /** Steps every running batch, as the scheduler's round does first. */
    pumpAll: runner.advanceBatches,
    runDueWork: scheduler.runDueWork,
    batchView: view.batchView,
    history: history.history,
    /** Resolves when no round runs (batches are stepped within rounds). */
    settled: scheduler.roundsSettled,
    /** The worker stops: timers and connections go, storage and IndexedDB stay. */
    async stop() {
      await scheduler.roundsSettled();
      scheduler.cancelQuickRound();
      history.resetHistoryConnection();
    },
  };
}
export type Worker = Awaited<ReturnType<typeof loadWorker>>;

/**
 * Stops the worker and starts a fresh one: its memory goes (timers, connections, the
 * rounds and steps under way are abandoned once settled), storage and IndexedDB stay.
 * The modules are reset rather than loaded anew, as the background's other tests do:
 * a fresh module graph beside the tests' mocked placement would mix two copies of
 * classes such as VaultError. The end-to-end test stops a real worker.
 */
export async function restartWorker(worker: Worker): Promise<Worker> {
  await worker.stop();
  return loadWorker();
}

/** A fresh extension pointed at the sandbox, with the given settings. */
export async function freshExtension(
  sandbox: RunningSandbox,
  settings: Record<string, unknown> = {},
): Promise<void> {
  await resetExtension();
  await fetch(`${sandbox.url}/_control/faults`, { method: 'DELETE' });
  await fakeBrowser.storage.sync.set({
    [STORED_KEYS.settings.key]: {
      serviceUrl: sandbox.url,
      polling: { fastSeconds: 2, trackingMinutes: 30 },
      requestTimeoutSeconds: 3,
      holdSeconds: 0,
      ...settings,
    },
  });
  await fakeBrowser.storage.local.set({ [STORED_KEYS.serviceToken.key]: 'sandbox' });
}

/** How many orders the sandbox created for our token, in every state. */
export async function createdAtSandbox(sandbox: RunningSandbox): Promise<number> {
  const state = (await (await fetch(`${sandbox.url}/_control/state`)).json()) as {
    tokens: Record<string, { orders: number }>;
  };
  return state.tokens.sandbox?.orders ?? 0;
}

/** The placed orders the sandbox lists for our token, by our reference. */
export async function placedAtSandbox(sandbox: RunningSandbox): Promise<string[]> {
  const response = await fetch(`${sandbox.url}/v1/orders?limit=1000`, {
    headers: { authorization: AUTH },
  });
  const orders = (await response.json()) as {
    request?: { client_notes?: { buyline_ref?: string } };
  }[];
  return orders.map((order) => order.request?.client_notes?.buyline_ref ?? '?');
}

export async function fault(sandbox: RunningSandbox, body: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${sandbox.url}/_control/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`fault: ${await response.text()}`);
}

/** A data row of a bulk file. */
export function fileRow(cells: Record<string, string> = {}): Record<string, string> {
  return {
    retailer: 'amazon',
    product_id: 'B0PLACES01',
    quantity: '1',
    max_price: '100.00',
    first_name: ADDRESS.first_name,
    last_name: ADDRESS.last_name,
    address_line1: ADDRESS.address_line1,
    zip_code: ADDRESS.zip_code,
    city: ADDRESS.city,
    state: ADDRESS.state,
    country: ADDRESS.country,
    phone_number: ADDRESS.phone_number,
    ...cells,
  };
}

/** The payload the page sends to start a batch of these rows (one order per row). */
export function startPayload(rows: Record<string, string>[], name = 'orders.csv') {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const read: SentRow[] = rows.map((cells, i) => ({ row: i + 2, cells }));
  return {
    batchId: crypto.randomUUID(),
    name,
    columns,
    options: { mode: 'managed' as const },
    orders: read.map((row) => ({ rows: [row] })),
  };
}

/** Every order handed over has reached a final state, and nothing waits. */
export function settled(view: BatchView): boolean {
  const { waiting, held, sent } = view.batch.counts;
  return waiting === 0 && held === 0 && sent === 0 && view.batch.state !== 'running';
}

/**
 * Runs the worker (batch steps, unless `pump` is false, and scheduler rounds) until
 * `done`, moving the fake clock (sandbox-env's `useFakeClock`: Date and the timers) a
 * second per step so retries, holds and polls come due; the product's own timers fire
 * as the clock passes them, and every round and step finishes its real I/O before the
 * clock moves on. Bounded by `steps`.
 */
export async function drive(
  worker: Worker,
  batchId: string,
  done: (view: BatchView) => boolean,
  steps = 400,
  { pump = true } = {},
): Promise<BatchView> {
  for (let step = 0; ; step++) {
    if (pump) await worker.pumpAll();
    await worker.runDueWork();
    await worker.settled();
    const view = await worker.batchView(batchId, { limit: 1_000 });
    if (!view) throw new Error('the batch is gone');
    if (done(view)) return view;
    if (step >= steps)
      throw new Error(`the batch did not get there: ${JSON.stringify(view.batch)}`);
    await vi.advanceTimersByTimeAsync(1_000);
    await worker.settled();
  }
}

/** Runs the worker for `seconds` of fake time, a second at a time (see `drive`). */
export async function runFor(worker: Worker, seconds: number): Promise<void> {
  for (let second = 0; second < seconds; second++) {
    await worker.pumpAll();
    await worker.runDueWork();
    await worker.settled();
    await vi.advanceTimersByTimeAsync(1_000);
  }
  await worker.settled();
}

/** A batch with more orders than it hands over at once, so some wait for their turn. */
export const OVER_A_WINDOW = DEFAULT_CONCURRENCY + 40;
