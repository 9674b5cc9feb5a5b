/**
 * The background's polling round and the history at scale, measured in Node with the
 * real background code, the real sandbox, an in-memory extension API and IndexedDB.
 * Run by bench/run.ts through Vitest (for its module mocking); writes JSON to
 * bench/.node.results.json.
 */
import { writeFileSync } from 'node:fs';
import { fakeBrowser } from '@webext-core/fake-browser';
import { IDBFactory } from 'fake-indexeddb';
import { it, vi } from 'vitest';

vi.mock('../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { startSandbox } from '../sandbox/index.ts';
import { HistoryStore } from '../src/background/history/history-store.ts';
import { history, resetHistoryConnection } from '../src/background/history.ts';
import { placeOrder } from '../src/background/placement.ts';
import { cancelQuickRound, runDueWork } from '../src/background/scheduler.ts';
import type { OrderRecord } from '../src/shared/order-record.ts';
import { STORED_KEYS } from '../src/shared/stored-keys.ts';
import { MANAGED_ORDER } from '../test/fixtures.ts';
import { measureSandbox } from './sandbox-throughput.ts';
import { median } from './stats.ts';

const REQUEST = MANAGED_ORDER;

it('measures', async () => {
  const results: Record<string, number> = {};

  // Polling: 1,000 orders in flight on the sandbox, one round of status reads.
  globalThis.indexedDB = new IDBFactory();
  fakeBrowser.reset();
  const sandbox = await startSandbox({ port: 0, processingMs: 600_000 });
  // No hold before sending: the orders go out in the first round.
  await fakeBrowser.storage.sync.set({
    [STORED_KEYS.settings.key]: { serviceUrl: sandbox.url, holdSeconds: 0 },
  });
  await fakeBrowser.storage.local.set({ [STORED_KEYS.serviceToken.key]: 'sandbox' });
  const ids: string[] = [];
  for (let i = 0; i < 1_000; i++) {
    const id = crypto.randomUUID();
    await placeOrder(id, REQUEST);
    ids.push(id);
  }
  await runDueWork();
  cancelQuickRound();
  const store = await history();
  const rounds: { ms: number; requests: number; peak: number }[] = [];
  for (let round = 0; round < 3; round++) {
    for (const id of ids)
      await store.updateOrder(id, (order) => ({
        ...order,
        schedule: { ...order.schedule, nextAt: 0 },
      }));
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
    rounds.push({ ms, requests, peak });
  }
  const processing = (await store.queryOrders({ state: 'processing', limit: 2_000 })).length;
  results.poll_round_1000_ms = Math.round(median(rounds.map((round) => round.ms)));
  results.poll_round_1000_requests = median(rounds.map((round) => round.requests));
  results.poll_round_1000_peak_rss_mb = Math.round(
    median(rounds.map((round) => round.peak)) / 2 ** 20,
  );
  results.poll_round_1000_in_flight = processing;
  await sandbox.close();
  resetHistoryConnection();

  // History at scale: 10,000 orders inserted, then a filtered query.
  globalThis.indexedDB = new IDBFactory();
  const big = await HistoryStore.open('bench-history');
  const day = 86_400_000;
  const retailers = ['amazon', 'amazon_uk', 'walmart', 'costco'];
  const template: Omit<OrderRecord, 'localId' | 'createdAt' | 'retailer'> = {
    idempotencyKey: 'k',
    productIds: ['B0PLACES01'],
    managed: true,
    updatedAt: 0,
    state: 'placed',
    request: {},
    merchantOrderIds: ['112-0000000-0000000'],
    trackingCount: 1,
    trackingDone: true,
    schedule: { nextAt: Number.MAX_SAFE_INTEGER, attempts: 0, count: 1 },
    source: 'buyline',
    total: 2124,
    currency: 'USD',
  };
  const insertStart = performance.now();
  for (let i = 0; i < 10_000; i++) {
    await big.addOrder({
      ...template,
      localId: `o${i}`,
      createdAt: Date.UTC(2026, 0, 1) + i * (day / 24),
      retailer: retailers[i % retailers.length] as string,
    });
  }
  results.history_insert_10000_ms = Math.round(performance.now() - insertStart);
  const queries: number[] = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    await big.queryOrders({
      retailer: 'walmart',
      from: Date.UTC(2026, 1, 1),
      to: Date.UTC(2026, 2, 1),
      limit: 200,
    });
    queries.push(performance.now() - start);
  }
  results.history_filtered_query_ms = Math.round(median(queries) * 10) / 10;
  big.close();

  writeFileSync('bench/.node.results.json', JSON.stringify(results));
}, 600_000);

// The sandbox against its own HTTP stack (bare Hono in the same run), and its memory.
it('measures the sandbox', async () => {
  writeFileSync('bench/.sandbox.results.json', JSON.stringify(await measureSandbox()));
}, 900_000);
