/**
 * The history at scale, measured in Node with the
 * real background code, the real sandbox, an in-memory extension API and IndexedDB.
 * Run by bench/run.ts through Vitest (for its module mocking); writes JSON to
 * bench/.node.results.json.
 */
import { writeFileSync } from 'node:fs';
import { IDBFactory } from 'fake-indexeddb';
import { it, vi } from 'vitest';

vi.mock('../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { HistoryStore } from '../src/background/history/history-store.ts';
import { placedOrder } from './placed-order.ts';
import { measureSandbox } from './sandbox-throughput.ts';
import { median } from './stats.ts';

it('measures', async () => {
  const results: Record<string, number> = {};

  // History at scale: 10,000 orders inserted, then a filtered query.
  globalThis.indexedDB = new IDBFactory();
  const big = await HistoryStore.open('bench-history');
  const day = 86_400_000;
  const retailers = ['amazon', 'amazon_uk', 'walmart', 'costco'];
  const insertStart = performance.now();
  for (let i = 0; i < 10_000; i++) {
    await big.addOrder(
      placedOrder({
        localId: `o${i}`,
        createdAt: Date.UTC(2026, 0, 1) + i * (day / 24),
        retailer: retailers[i % retailers.length] as string,
      }),
    );
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
