/**
 * One poll round over 1,000 orders in flight, against the network's own cost: the same
 * 1,000 status GETs made directly with fetch, at the round's concurrency, against the
 * same sandbox, in the same run (round and direct passes alternate, so the machine's
 * drift touches both alike). The real background code, the real sandbox, an in-memory
 * extension API and IndexedDB. Run by bench/run.ts through Vitest (for its module
 * mocking); writes JSON to bench/.poll-round.results.json.
 */
import { writeFileSync } from 'node:fs';
import { fakeBrowser } from '@webext-core/fake-browser';
import { IDBFactory } from 'fake-indexeddb';
import { it, vi } from 'vitest';

vi.mock('../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { startSandbox } from '../sandbox/index.ts';
import { history, resetHistoryConnection } from '../src/background/history/connection.ts';
import { placeOrder } from '../src/background/placing/placement.ts';
import {
  cancelQuickRound,
  MAX_IN_FLIGHT,
  runDueWork,
  runLimited,
} from '../src/background/rounds/scheduler.ts';
import { STORED_KEYS } from '../src/shared/stored-keys.ts';
import { MANAGED_ORDER } from '../test/fixtures.ts';
import { median } from './stats.ts';

const ORDERS = 1_000;
const PASSES = 7;
/** Orders stay in flight for the whole run: every round reads each of them once. */
const PROCESSING_MS = 3_600_000;
const AUTH = `Basic ${Buffer.from('sandbox:').toString('base64')}`;

/** Ratio, round ms, direct ms, requests per round and peak RSS, over PASSES passes. */
async function measure(url: string): Promise<Record<string, number>> {
  globalThis.indexedDB = new IDBFactory();
  resetHistoryConnection();
  fakeBrowser.reset();
  // No hold before sending: the orders go out in the first round.
  await fakeBrowser.storage.sync.set({
    [STORED_KEYS.settings.key]: { serviceUrl: url, holdSeconds: 0 },
  });
  await fakeBrowser.storage.local.set({ [STORED_KEYS.serviceToken.key]: 'sandbox' });
  const ids: string[] = [];
  for (let i = 0; i < ORDERS; i++) {
    const id = crypto.randomUUID();
    await placeOrder(id, MANAGED_ORDER);
    ids.push(id);
  }
  await runDueWork();
  cancelQuickRound();
  const store = await history();
  const requestIds: string[] = [];
  for (const id of ids) {
    const order = await store.getOrder(id);
    if (order?.state !== 'processing' || !order.requestId)
      throw new Error(`order ${id} is not in flight: ${order?.state}`);
    requestIds.push(order.requestId);
  }

  /** Makes every order due now (the round would otherwise find nothing to do). */
  const makeDue = async () => {
    await store.updateOrders(
      ids.map((localId) => ({
        localId,
        change: (order) => ({ ...order, schedule: { ...order.schedule, nextAt: 0 } }),
      })),
    );
  };
  const peaks: number[] = [];
  const counts: number[] = [];
  const round = async () => {
    await makeDue();
    let requests = 0;
    const realFetch = globalThis.fetch;
    globalThis.fetch = ((...args: Parameters<typeof fetch>) => {
      requests += 1;
      return realFetch(...args);
    }) as typeof fetch;
    let peak = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    const start = performance.now();
    await runDueWork();
    const ms = performance.now() - start;
    clearInterval(sampler);
    cancelQuickRound();
    globalThis.fetch = realFetch;
    if (requests !== ORDERS) throw new Error(`a round made ${requests} requests`);
    peaks.push(peak);
    counts.push(requests);
    return ms;
  };
  const direct = async () => {
    const start = performance.now();
    await runLimited(
      requestIds.map((requestId) => async () => {
        const response = await fetch(`${url}/v1/orders/${requestId}`, {
          headers: { Authorization: AUTH, Accept: 'application/json' },
        });
        await response.json();
      }),
      MAX_IN_FLIGHT,
    );
    return performance.now() - start;
  };

  // A first pass of each warms both paths (JIT, sockets) and is not counted.
  await round();
  await direct();
  const pairs: { round: number; direct: number }[] = [];
  // Which goes first alternates, so neither always inherits the other's garbage.
  for (let pass = 0; pass < PASSES; pass++) {
    if (pass % 2 === 0) pairs.push({ round: await round(), direct: await direct() });
    else {
      const first = await direct();
      pairs.push({ direct: first, round: await round() });
    }
  }
  const stillInFlight = (await store.queryOrders({ state: 'processing', limit: 2 * ORDERS }))
    .length;
  if (stillInFlight !== ORDERS) throw new Error(`${stillInFlight} orders left in flight`);
  console.info(
    `poll round passes against ${url} (round ms, direct ms)`,
    JSON.stringify(pairs.map((pair) => [Math.round(pair.round), Math.round(pair.direct)])),
  );
  resetHistoryConnection();
  return {
    requests: median(counts),
    peak_rss_mb: Math.round(median(peaks) / 2 ** 20),
    ms: Math.round(median(pairs.map((pair) => pair.round))),
    direct_ms: Math.round(median(pairs.map((pair) => pair.direct))),
    // The median of each pass's own ratio: a pass's round and its direct GETs ran
    // back to back, under the same load.
    ratio: Math.round(median(pairs.map((pair) => pair.round / pair.direct)) * 100) / 100,
  };
}

it('measures', async () => {
  const sandbox = await startSandbox({ port: 0, processingMs: PROCESSING_MS });
  const results: Record<string, number> = {};
  try {
    for (const [name, value] of Object.entries(await measure(sandbox.url)))
      results[`poll_round_1000_${name}`] = value;
  } finally {
    await sandbox.close();
  }
  writeFileSync('bench/.poll-round.results.json', JSON.stringify(results));
}, 600_000);
