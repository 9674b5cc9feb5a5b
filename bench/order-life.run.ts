/**
 * The tracking watch at scale, measured in Node with the real background code, the
 * real sandbox, an in-memory extension API and IndexedDB: 10,000 placed orders
 * awaiting tracking, one round of the scheduler, and the requests the sandbox saw.
 * Run by bench/run.ts through Vitest (for its module mocking); writes JSON to
 * bench/.order-life.results.json.
 */
import { writeFileSync } from 'node:fs';
import { fakeBrowser } from '@webext-core/fake-browser';
import { IDBFactory } from 'fake-indexeddb';
import { it, vi } from 'vitest';

vi.mock('../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { startSandbox } from '../sandbox/index.ts';
import { history } from '../src/background/history/connection.ts';
import { cancelQuickRound, runDueWork } from '../src/background/rounds/scheduler.ts';
import { openGate } from '../src/background/rounds/service-gate.ts';
import { syncFromService } from '../src/background/rounds/sync.ts';
import { STORED_KEYS } from '../src/shared/stored-keys.ts';
import { ADDRESS, MANAGED_ORDER } from '../test/fixtures.ts';

const ORDERS = 10_000;
const AUTH = `Basic ${Buffer.from('sandbox:').toString('base64')}`;
/** An own-account order: placed after the processing time, whatever the others do. */
const { addax: _addax, max_price: _max, ...BASE } = MANAGED_ORDER;
const OWN_ORDER = {
  ...BASE,
  billing_address: ADDRESS,
  payment_method: { use_gift: true },
  retailer_credentials: { email: 'bench@example.com', password: 'bench-password' },
};

it('measures', async () => {
  globalThis.indexedDB = new IDBFactory();
  fakeBrowser.reset();
  let requests = 0;
  const sandbox = await startSandbox({
    port: 0,
    processingMs: 1_000,
    control: true,
    onRequest: () => {
      requests += 1;
    },
  });
  try {
    await fakeBrowser.storage.sync.set({
      [STORED_KEYS.settings.key]: { serviceUrl: sandbox.url, holdSeconds: 0 },
    });
    await fakeBrowser.storage.local.set({ [STORED_KEYS.serviceToken.key]: 'sandbox' });

    // 10,000 orders placed with Buyline's reference, as from another browser.
    for (let start = 0; start < ORDERS; start += 50) {
      await Promise.all(
        Array.from({ length: Math.min(50, ORDERS - start) }, (_, i) =>
          fetch(`${sandbox.url}/v1/orders`, {
            method: 'POST',
            headers: { authorization: AUTH, 'content-type': 'application/json' },
            body: JSON.stringify({
              ...OWN_ORDER,
              client_notes: { buyline_ref: `bench-${start + i}` },
            }),
          }).then((response) => response.text()),
        ),
      );
    }
    await fetch(`${sandbox.url}/_control/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advance_ms: 2_000 }),
    });
    const imported = await syncFromService(await openGate(), {});
    if (imported.imported !== ORDERS) throw new Error(`imported ${JSON.stringify(imported)}`);
    const store = await history();
    const dueAt = Date.now() + 31 * 60_000;
    const awaiting = (await store.dueOrders(dueAt, ['placed'], 20_000)).length;
    if (awaiting !== ORDERS) throw new Error(`${awaiting} orders await tracking`);

    // Their tracking check falls due (30 minutes later): one round.
    vi.useFakeTimers({ toFake: ['Date'], now: dueAt });
    requests = 0;
    const start = performance.now();
    await runDueWork();
    const ms = performance.now() - start;
    cancelQuickRound();
    vi.useRealTimers();
    const unchecked = (await store.dueOrders(dueAt, ['placed'], 20_000)).length;
    if (unchecked !== 0) throw new Error(`${unchecked} orders were not checked in the round`);
    writeFileSync(
      'bench/.order-life.results.json',
      JSON.stringify({
        tracking_watch_10000_requests: requests,
        tracking_watch_10000_ms: Math.round(ms),
      }),
    );
  } finally {
    await sandbox.close();
  }
}, 600_000);
