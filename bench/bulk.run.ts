/**
 * Bulk orders, measured in Node with the real background code, the real sandbox, an
 * in-memory extension API and IndexedDB. Run by bench/run.ts through Vitest (for its
 * module mocking); writes JSON to bench/.bulk.results.json.
 *
 * - bulk_dry_run_1000_ms: a 1,000-row file read (papaparse, chunked) and checked by the
 *   background, in chunks of 250 orders as the page sends them (median of 5).
 * - bulk_place_1000_s: from Place to the service having accepted all 1,000 orders, with
 *   the runner's own timers and the scheduler's (nothing driven by hand). The hold before
 *   sending is set to 0: it is the user's undo window, a fixed wait, not throughput.
 * - bulk_place_1000_requests: HTTP requests sent to the sandbox meanwhile (the order POSTs,
 *   bulk_place_1000_posts, and the scheduler's status reads of orders already accepted);
 *   bulk_place_1000_orders_at_sandbox: orders the sandbox created (exactly one per row).
 */
import { writeFileSync } from 'node:fs';
import { fakeBrowser } from '@webext-core/fake-browser';
import { IDBFactory } from 'fake-indexeddb';
import { it, vi } from 'vitest';

vi.mock('../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { startSandbox } from '../sandbox/index.ts';
import { batchView } from '../src/background/bulk/batch-view.ts';
import { plugInBulk } from '../src/background/bulk/plug-in.ts';
import { awaitsAcceptance } from '../src/background/order-life/order-phase.ts';
import { route } from '../src/background/pages/router.ts';
import { cancelQuickRound, roundsSettled } from '../src/background/rounds/scheduler.ts';
import { chunks, groupOrders } from '../src/shared/bulk/group-orders.ts';
import { parseOrdersFile } from '../src/shared/bulk/parse-file.ts';
import { STORED_KEYS } from '../src/shared/stored-keys.ts';
import { ADDRESS } from '../test/fixtures.ts';
import { median } from './stats.ts';

const OWN_PAGE = {
  id: fakeBrowser.runtime.id,
  url: fakeBrowser.runtime.getURL('src/bulk/index.html'),
};

async function ask<T>(type: string, payload: unknown = {}): Promise<T> {
  const reply = (await route({ buyline: 1, type, payload }, OWN_PAGE)) as
    | { ok: true; data: T }
    | { ok: false; error: { message: string } };
  if (!reply.ok) throw new Error(reply.error.message);
  return reply.data;
}

function file(rows: number): string {
  const header = ['retailer', 'product_id', 'quantity', 'max_price', ...Object.keys(ADDRESS)];
  const line = ['amazon', 'B0PLACES01', '1', '100.00', ...Object.values(ADDRESS)].join(',');
  return `${header.join(',')}\r\n${`${line}\r\n`.repeat(rows)}`;
}

it('measures', async () => {
  const results: Record<string, number> = {};
  // As the worker's start does: bulk's batches hand orders over at the end of each round.
  plugInBulk();
  globalThis.indexedDB = new IDBFactory();
  fakeBrowser.reset();
  const sandbox = await startSandbox({ port: 0, processingMs: 2_000, control: true });
  await fakeBrowser.storage.sync.set({
    [STORED_KEYS.settings.key]: { serviceUrl: sandbox.url, holdSeconds: 0 },
  });
  await fakeBrowser.storage.local.set({ [STORED_KEYS.serviceToken.key]: 'sandbox' });

  // The dry run of 1,000 rows.
  const text = file(1_000);
  const runs: number[] = [];
  let checked = 0;
  for (let run = 0; run < 5; run++) {
    const start = performance.now();
    const parsed = await parseOrdersFile(text, { name: 'orders.csv' });
    if (!parsed.ok) throw new Error(parsed.message);
    checked = 0;
    for (const chunk of chunks(groupOrders(parsed.rows), 250)) {
      const reply = await ask<{ orders: { problems: unknown[] }[] }>('bulk.check', {
        options: { mode: 'managed' },
        orders: chunk,
      });
      checked += reply.orders.filter(
        (order: { problems: unknown[] }) => !order.problems.length,
      ).length;
    }
    runs.push(performance.now() - start);
  }
  if (checked !== 1_000) throw new Error(`only ${checked} of 1,000 rows passed the check`);
  results.bulk_dry_run_1000_ms = Math.round(median(runs));

  // Placing 1,000 rows.
  const parsed = await parseOrdersFile(text, { name: 'orders.csv' });
  if (!parsed.ok) throw new Error(parsed.message);
  let requests = 0;
  let posts = 0;
  const realFetch = globalThis.fetch;
  globalThis.fetch = ((...args: Parameters<typeof fetch>) => {
    const [target, init] = args;
    const url = String(target instanceof Request ? target.url : target);
    if (url.startsWith(sandbox.url)) {
      requests += 1;
      const method = target instanceof Request ? target.method : (init?.method ?? 'GET');
      if (method === 'POST' && url.endsWith('/v1/orders')) posts += 1;
    }
    return realFetch(...args);
  }) as typeof fetch;
  const batchId = crypto.randomUUID();
  const start = performance.now();
  await ask('bulk.start', {
    batchId,
    name: 'bench.csv',
    columns: parsed.columns,
    options: { mode: 'managed' },
    orders: groupOrders(parsed.rows),
  });
  for (;;) {
    const view = await batchView(batchId, { limit: 1_000 });
    const accepted = view?.orders.filter(
      (order) => order.state !== undefined && !awaitsAcceptance(order.state),
    ).length;
    if (accepted === 1_000) break;
    if (performance.now() - start > 600_000) throw new Error(`stuck at ${accepted} accepted`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  results.bulk_place_1000_s = Math.round((performance.now() - start) / 100) / 10;
  results.bulk_place_1000_requests = requests;
  results.bulk_place_1000_posts = posts;
  globalThis.fetch = realFetch;
  const state = (await (await fetch(`${sandbox.url}/_control/state`)).json()) as {
    tokens: Record<string, { orders: number }>;
  };
  results.bulk_place_1000_orders_at_sandbox = state.tokens.sandbox?.orders ?? 0;

  await roundsSettled();
  cancelQuickRound();
  await sandbox.close();
  writeFileSync('bench/.bulk.results.json', JSON.stringify(results));
}, 900_000);
