/**
 * What a user feels, measured in Debian's Chromium with the test build: the popup on a
 * product page against a blank extension page opened the same way, a cold worker's
 * first poll, and the orders view over 100 and over 100,000 orders in history.
 *
 * Popup speed is measured inside the page: each page marks `buyline:ready` at its first
 * render a user can act on (the popup: the product read and the form filled from the
 * defaults), and the mark's time counts from the page's navigation start. The blank
 * page loads one module script that marks at once, so the ratio is the popup's own
 * cost over the least any extension page costs, with no harness round trip in either.
 * A third page loads the popup's stylesheets and shared code and marks at once: how much
 * of the ratio is the cost of the popup's code arriving, before it does anything.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSandbox } from '../sandbox/index.ts';
import { wordsRow } from '../src/background/history/search-words.ts';
import { launchExtension, routeStorefronts } from '../test/e2e/harness/index.ts';
import { measureEmptyWorkerWake } from './empty-worker.ts';
import { placedOrder } from './placed-order.ts';
import { median } from './stats.ts';

const RUNS = 7;
/**
 * The popup's figures are a few milliseconds each, and one opening varies by as much from
 * run to run on these machines: the median of 15 moves less than the median of 7.
 */
const POPUP_RUNS = 15;
/** Wakes of each worker, Buyline's and the empty one: a wake varies by 10 ms from one to the next. */
const WAKE_RUNS = 7;

/**
 * `BENCH_PARTS=popup,wake,view` measures only the parts named (`npm run bench:browser`);
 * `npm run bench` measures all three.
 */
const PARTS = new Set(
  (process.env.BENCH_PARTS ?? 'popup,wake,view').split(',').map((part) => part.trim()),
);

/** A proxy in front of the sandbox that notes when each status read arrives. */
async function recordingProxy(target: string) {
  const reads: number[] = [];
  const server = createServer(async (req, res) => {
    if (req.method === 'GET' && /^\/v1\/orders\/[^/]+$/.test(req.url ?? ''))
      reads.push(performance.now());
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const response = await fetch(target + (req.url ?? ''), {
      method: req.method ?? 'GET',
      headers: Object.fromEntries(
        Object.entries(req.headers).filter(([key]) =>
          ['authorization', 'content-type'].includes(key),
        ) as [string, string][],
      ),
      ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
    });
    res.writeHead(response.status, {
      'content-type': response.headers.get('content-type') ?? 'application/json',
    });
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    reads,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const READY = 'buyline:ready';
const CODE_FLOOR_PAGE = 'bench-code-floor.html';

/**
 * A page that loads what the popup's page links (its stylesheets and the code it shares
 * with the other pages: Preact, the UI kit, the storefront registry) and then marks
 * itself ready, doing nothing else. Its own entry is left out, since running it would
 * run the popup.
 */
function writeCodeFloorPage(): void {
  const html = readFileSync('dist-test/src/popup/index.html', 'utf8');
  // Linked or, as the build puts them, in the page itself (scripts/inline-styles.ts).
  const styles = [...html.matchAll(/<link rel="stylesheet"[^>]*>|<style>[^<]*<\/style>/g)].map(
    (match) => match[0],
  );
  const shared = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
    (match) => match[1],
  );
  writeFileSync(
    `dist-test/${CODE_FLOOR_PAGE}`,
    `<!doctype html><meta charset="utf-8"><title>code floor</title>${styles.join('')}<p>ready</p><script type="module" src="bench-code-floor.js"></script>`,
  );
  writeFileSync(
    'dist-test/bench-code-floor.js',
    `${shared.map((path) => `import '${path}';`).join('\n')}\nperformance.mark(${JSON.stringify(READY)});\n`,
  );
}

/** The side panel's page (the popup's code in panel mode). */
const PANEL_PAGE = 'src/panel/index.html';

export async function measureBrowser() {
  // A blank page in the test build, opened as the popup the same way, marking itself
  // ready from a module script as the popup does (inline scripts are not allowed).
  writeFileSync(
    'dist-test/bench-blank.html',
    '<!doctype html><meta charset="utf-8"><title>blank</title><p>ready</p><script type="module" src="bench-blank.js"></script>',
  );
  writeFileSync('dist-test/bench-blank.js', `performance.mark(${JSON.stringify(READY)});\n`);
  writeCodeFloorPage();
  const sandbox = await startSandbox({ port: 0, processingMs: 600_000 });
  const proxy = await recordingProxy(sandbox.url);
  const extension = await launchExtension({ dist: 'dist-test' });
  try {
    await routeStorefronts(extension.context, sandbox.url);
    const setup = await extension.openExtensionPage('src/options/index.html');
    const send = async (type: string, payload: unknown) => {
      const reply = (await setup.evaluate(
        ([t, p]) => chrome.runtime.sendMessage({ buyline: 1, type: t, payload: p }),
        [type, payload] as const,
      )) as { ok: boolean; error?: { message: string } };
      // A set-up the background refuses would measure something else: stop and say why.
      if (!reply.ok) throw new Error(`${type} was refused: ${reply.error?.message}`);
      return reply;
    };
    const home = {
      id: 'home',
      label: 'Home',
      address: {
        first_name: 'J',
        last_name: 'D',
        address_line1: '1 Main St',
        zip_code: '02139',
        city: 'Cambridge',
        state: 'MA',
        country: 'US',
        phone_number: '6175550100',
      },
    };
    // Orders are sent at once: the cold start figure is about the worker, not the hold.
    await send('settings.update', {
      patch: { serviceUrl: proxy.url, addresses: [home], defaultAddressId: 'home', holdSeconds: 0 },
    });
    const tab = await extension.context.newPage();
    await tab.goto('https://www.amazon.com/dp/B0PLACES01');

    /** Opens a page as the popup over the tab; the time of its ready mark, from navigation start. */
    const readyAt = async (popup: string) => {
      const worker = await extension.serviceWorker();
      await worker.evaluate((path) => chrome.action.setPopup({ popup: path }), popup);
      await tab.bringToFront();
      const page = await extension.openPopupOnActiveTab(popup);
      await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, READY, {
        timeout: 20_000,
      });
      const ms = await page.evaluate(
        (name) => performance.getEntriesByName(name)[0]?.startTime ?? Number.NaN,
        READY,
      );
      await page.close();
      return ms;
    };
    const blank: number[] = [];
    const popup: number[] = [];
    const floor: number[] = [];
    const panel: number[] = [];
    const results: Record<string, number> = {};
    if (PARTS.has('popup')) {
      // The first opening of each warms the browser's caches; it is not counted.
      await readyAt('bench-blank.html');
      await readyAt('src/popup/index.html');
      await readyAt(CODE_FLOOR_PAGE);
      await readyAt(PANEL_PAGE);
      for (let i = 0; i < POPUP_RUNS; i++) {
        blank.push(await readyAt('bench-blank.html'));
        popup.push(await readyAt('src/popup/index.html'));
        floor.push(await readyAt(CODE_FLOOR_PAGE));
        panel.push(await readyAt(PANEL_PAGE));
      }
      await (await extension.serviceWorker()).evaluate(() =>
        chrome.action.setPopup({ popup: 'src/popup/index.html' }),
      );
      Object.assign(results, {
        blank_page_ready_ms: Math.round(median(blank) * 10) / 10,
        popup_ready_ms: Math.round(median(popup) * 10) / 10,
        // Both from navigation start to the page's own ready mark, in the same run.
        popup_ready_ratio: Math.round((median(popup) / median(blank)) * 100) / 100,
        // What loading the popup's stylesheets and shared code alone costs, doing nothing:
        // the part of the ratio that is not the popup's own work.
        popup_code_floor_ratio: Math.round((median(floor) / median(blank)) * 100) / 100,
        // The side panel's page, opened the same way over the same product tab (it finds
        // the tab in front itself and loads no early-reads script), beside the blank page.
        panel_ready_ms: Math.round(median(panel) * 10) / 10,
        panel_ready_ratio: Math.round((median(panel) / median(blank)) * 100) / 100,
      });
    }

    // Worker: from a cold start to its first status read. The order stays in flight
    // for the rest of the run (the sandbox takes ten minutes to place it), so the orders
    // view below is measured while the worker polls, as a buyer would see it.
    await send('order.place', {
      draftId: crypto.randomUUID(),
      request: {
        retailer: 'amazon',
        products: [{ product_id: 'B0PLACES01', quantity: 1 }],
        shipping_address: home.address,
        is_gift: false,
        shipping_method: 'cheapest',
        addax: true,
        max_price: 100_000,
      },
    });
    await setup.waitForTimeout(1_500);
    const cold: number[] = [];
    for (let i = 0; i < (PARTS.has('wake') ? WAKE_RUNS : 0); i++) {
      await extension.stopServiceWorker();
      // While the worker is stopped the order's next read falls due, so the figure is
      // the cost of starting, not the polling cadence.
      await setup.waitForTimeout(5_500);
      const before = proxy.reads.length;
      const start = performance.now();
      // Any event starts the worker; at start it resumes its due work.
      await send('token.status', {});
      for (let waited = 0; waited < 20_000 && proxy.reads.length === before; waited += 5)
        await setup.waitForTimeout(5);
      const first = proxy.reads[before];
      if (first !== undefined) cold.push(first - start);
    }

    // History at any size: the orders view over 100 orders, then over 100,000, in the
    // same run (the view answers a page at a time from indexes, so the two should cost
    // the same); and a search that must look through all 100,000.
    // Each order goes in with its words, as the history writes them (search-words.ts):
    // built here, ten thousand at a time, and put in the page in one transaction each.
    const addOrders = async (from: number, to: number) => {
      const now = Date.now();
      for (let start = from; start < to; start += 10_000) {
        const orders = [];
        for (let i = start; i < Math.min(to, start + 10_000); i++)
          orders.push(
            placedOrder({
              localId: `bench-${i}`,
              retailer: i % 2 ? 'amazon' : 'walmart',
              productIds: [`P${i}`],
              title: `Bench order ${i}`,
              createdAt: now - i * 60_000,
              source: 'sync',
            }),
          );
        const rows = orders.map((order) => ({ order, words: wordsRow(order) }));
        await setup.evaluate(async (batch) => {
          const db = await new Promise<IDBDatabase>((resolve, reject) => {
            const request = indexedDB.open('buyline-history');
            request.onsuccess = () => resolve(request.result);
            request.onerror = () => reject(request.error);
          });
          const tx = db.transaction(['orders', 'words'], 'readwrite');
          for (const { order, words } of batch) {
            tx.objectStore('orders').put(order);
            tx.objectStore('words').put(words);
          }
          await new Promise((resolve) => {
            tx.oncomplete = resolve;
          });
          db.close();
        }, rows);
      }
    };
    // As with the popup above, the first opening at each size warms the browser's caches
    // (and follows the bench's own write of 99,900 records in one go, which no buyer's
    // history sees): it is not counted.
    const ordersView = async () => {
      const times: number[] = [];
      for (let i = 0; i <= RUNS; i++) {
        const page = await extension.context.newPage();
        const start = performance.now();
        await page.goto(extension.extensionUrl('src/popup/index.html#orders'));
        await page.getByText('Bench order 0', { exact: true }).first().waitFor({ timeout: 20_000 });
        if (i > 0) times.push(performance.now() - start);
        await page.close();
      }
      return median(times);
    };
    if (PARTS.has('wake')) {
      // The same wake of a worker that does nothing but one fetch, in the same run.
      const emptyWake = await measureEmptyWorkerWake(proxy.url, proxy.reads, WAKE_RUNS);
      Object.assign(results, {
        worker_cold_start_to_first_poll_ms: Math.round(median(cold)),
        empty_worker_cold_start_to_fetch_ms: Math.round(emptyWake),
        worker_wake_ratio: Math.round((median(cold) / emptyWake) * 100) / 100,
      });
    }
    if (!PARTS.has('view')) return results;
    await addOrders(0, 100);
    const view100 = await ordersView();
    await addOrders(100, 100_000);
    const view100000 = await ordersView();
    const searches: number[] = [];
    for (let i = 0; i < 3; i++) {
      const page = await extension.context.newPage();
      await page.goto(extension.extensionUrl('src/popup/index.html#orders'));
      await page.getByText('Bench order 0', { exact: true }).first().waitFor({ timeout: 20_000 });
      const start = performance.now();
      // The oldest order: a search that reads through the whole history to find it.
      await page.getByRole('searchbox').fill('P99999');
      await page
        .getByText('Bench order 99999', { exact: true })
        .first()
        .waitFor({ timeout: 60_000 });
      searches.push(performance.now() - start);
      await page.close();
    }
    return {
      ...results,
      orders_view_100_ms: Math.round(view100),
      orders_view_100000_ms: Math.round(view100000),
      orders_view_scale_ratio: Math.round((view100000 / view100) * 100) / 100,
      orders_search_100000_ms: Math.round(median(searches)),
    };
  } finally {
    await extension.close();
    await proxy.close();
    await sandbox.close();
  }
}
