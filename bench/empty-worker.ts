/**
 * The least a worker wake can cost on this machine: an extension whose service worker
 * does nothing but one fetch when it starts, built here and woken the same way as
 * Buyline's (stopped through CDP, then woken by a message from its own page). Its cold
 * start to that fetch is the denominator of `worker_wake_ratio`, measured in the same
 * run as Buyline's own cold start to its first poll.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchExtension } from '../test/e2e/harness/index.ts';
import { median } from './stats.ts';

function writeEmptyExtension(serviceUrl: string): string {
  const dir = join(tmpdir(), `buyline-bench-empty-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'manifest.json'),
    JSON.stringify({
      manifest_version: 3,
      name: 'Empty worker',
      version: '1.0',
      background: { service_worker: 'sw.js', type: 'module' },
      host_permissions: [`${serviceUrl}/*`],
    }),
  );
  writeFileSync(
    join(dir, 'sw.js'),
    `chrome.runtime.onMessage.addListener((_m, _s, reply) => { reply({ ok: true }); });\nfetch(${JSON.stringify(`${serviceUrl}/v1/orders/empty-worker`)}).catch(() => undefined);\n`,
  );
  writeFileSync(join(dir, 'page.html'), '<!doctype html><meta charset="utf-8"><title>page</title>');
  return dir;
}

/** Median ms from a message to a stopped empty worker until its one fetch arrives. */
export async function measureEmptyWorkerWake(
  serviceUrl: string,
  reads: number[],
  runs = 3,
): Promise<number> {
  const extension = await launchExtension({ dist: writeEmptyExtension(serviceUrl) });
  try {
    const page = await extension.openExtensionPage('page.html');
    const cold: number[] = [];
    for (let i = 0; i < runs; i++) {
      await extension.stopServiceWorker();
      await page.waitForTimeout(1_000);
      const before = reads.length;
      const start = performance.now();
      await page.evaluate(() => chrome.runtime.sendMessage({}));
      for (let waited = 0; waited < 20_000 && reads.length === before; waited += 5)
        await page.waitForTimeout(5);
      const first = reads[before];
      if (first !== undefined) cold.push(first - start);
    }
    return median(cold);
  } finally {
    await extension.close();
  }
}
