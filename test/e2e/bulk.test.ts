import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../sandbox/index.ts';
import { ADDRESS } from '../fixtures.ts';
import { askBackground, type LaunchedExtension, launchExtension } from './harness/index.ts';

// Bulk orders as a user goes through them in Chromium against the sandbox: drop a bad
// file, pick a good one, read the dry run, place, watch the progress (across a stopped
// service worker), and export the results.

let sandbox: RunningSandbox;
let extension: LaunchedExtension;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, processingMs: 300, control: true, seed: 5 });
  extension = await launchExtension({ dist: 'dist-test' });
}, 60_000);

afterAll(async () => {
  await extension?.close();
  await sandbox?.close();
});

const ask = askBackground;

async function ordersAtSandbox(): Promise<number> {
  const state = (await (await fetch(`${sandbox.url}/_control/state`)).json()) as {
    tokens: Record<string, { orders: number }>;
  };
  return state.tokens.sandbox?.orders ?? 0;
}

const ROWS = 30;
function ordersFile(): string {
  const header = ['retailer', 'product_id', 'quantity', 'max_price', ...Object.keys(ADDRESS)];
  const lines = Array.from({ length: ROWS }, (_, i) =>
    ['amazon', 'B0PLACES01', i === 4 ? 'two' : '1', '50.00', ...Object.values(ADDRESS)].join(','),
  );
  return `${[header.join(','), ...lines].join('\r\n')}\r\n`;
}

/** Drops a file on the page's drop zone, as a drag from the desktop does. */
async function dropFile(page: Page, name: string, text: string): Promise<void> {
  await page.evaluate(
    ([fileName, content]) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([content], fileName, { type: 'text/csv' }));
      const zone = document.querySelector('.drop-zone');
      zone?.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true }));
    },
    [name, text] as const,
  );
}

const count = (page: Page, name: string) => page.locator(`[data-count="${name}"]`).textContent();

describe('the Bulk orders page in Chromium', () => {
  it('drops, checks, places, follows and exports a batch', async () => {
    const setup = await extension.openExtensionPage('src/options/index.html');
    await ask(setup, 'settings.update', { patch: { serviceUrl: sandbox.url, holdSeconds: 1 } });
    await ask(setup, 'token.set', { token: 'sandbox' });
    await setup.close();
    const before = await ordersAtSandbox();

    const page = await extension.openExtensionPage('src/bulk/index.html');
    await page.getByLabel('Ordering mode').waitFor();

    // A bad file is refused in one sentence, and nothing is sent.
    await dropFile(page, 'orders.csv', 'retailer,product_id,colour\namazon,B0PLACES01,red\n');
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toMatch(/^The file has a column Buyline does not know: “colour” \(column C\)\./);

    // A good file with one bad row: the dry run names it by row and column.
    await page.getByLabel('Choose a CSV file of orders').setInputFiles({
      name: 'orders.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(ordersFile()),
    });
    await page.getByText('Row 6, quantity: must be a whole number of at least 1.').waitFor();
    await page
      .getByText(`${ROWS} rows make ${ROWS} orders: ${ROWS - 1} ready to place, 1 with problems.`)
      .waitFor();
    await page.getByText('Shipping: cheapest.').waitFor();
    // The file read is named at its control; each order to place is reviewed, with the
    // total of their maximum prices.
    await page.getByText('Loaded: orders.csv').waitFor();
    const review = page.getByRole('table', { name: 'Orders to place' });
    expect(await review.locator('tbody tr').count()).toBe(ROWS - 1);
    await page
      .getByText(new RegExp(`^At most \\$[\\d,.]+ in all for these ${ROWS - 1} orders`))
      .waitFor();
    expect(await ordersAtSandbox()).toBe(before);

    await page.getByRole('button', { name: `Place ${ROWS - 1} orders` }).click();
    await page.getByRole('heading', { name: /orders\.csv/ }).waitFor();

    // The worker stops mid-batch; the page's next read wakes a new one, which resumes.
    await extension.stopServiceWorker();
    await page.reload();
    await expect
      .poll(() => count(page, 'placed'), { timeout: 45_000, interval: 250 })
      .toBe(String(ROWS - 1));
    expect(await count(page, 'failed')).toBe('1');
    await page.getByText(`${ROWS} of ${ROWS} orders finished.`).waitFor();
    expect(await ordersAtSandbox()).toBe(before + ROWS - 1);

    // The file handed to the browser's download is kept in the page to read it back
    // (the harness's second CDP connection moves downloads out of Playwright's reach).
    await page.evaluate(() => {
      const create = URL.createObjectURL.bind(URL);
      URL.createObjectURL = (blob: Blob) => {
        (globalThis as { exported?: Blob }).exported = blob;
        return create(blob);
      };
    });
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export results' }).click();
    expect((await download).suggestedFilename()).toMatch(/^orders-results-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await page.evaluate(() => (globalThis as { exported?: Blob }).exported?.text());
    const lines = (text ?? '').trim().split('\r\n');
    expect(lines[0]).toMatch(/,order_state,request_id,merchant_order_ids,tracking,failure$/);
    expect(lines).toHaveLength(ROWS + 1);
    expect(lines.filter((line) => /,placed,[0-9a-f]{32},/.test(line))).toHaveLength(ROWS - 1);
    expect(lines[5]).toContain(',refused,');

    expect(await extension.settleProblems()).toEqual([]);
    await page.close();
  }, 90_000);
});
