import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../sandbox/index.ts';
import { ADDRESS } from '../fixtures.ts';
import { askBackground, type LaunchedExtension, launchExtension } from './harness/index.ts';

// The Bulk orders page at a narrow window: with a problem shown, or a failed order's
// fix form open, the tables' words stay whole (a column may wrap between words, or the
// table scroll sideways inside its box, but never break a word in two).

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

/** Two good orders and one whose quantity the check refuses, placed by the service as failed. */
function ordersFile(): string {
  const header = ['retailer', 'product_id', 'quantity', 'max_price', ...Object.keys(ADDRESS)];
  const row = (product: string, quantity: string, maxPrice: string) =>
    ['amazon', product, quantity, maxPrice, ...Object.values(ADDRESS)].join(',');
  return `${[header.join(','), row('B0PLACES01', '1', '50.00'), row('B0PLACES01', 'two', '50.00'), row('B0PLACES01', '1', '1.00')].join('\r\n')}\r\n`;
}

/** Every word of every table cell that the browser split across two lines. */
function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    for (const cell of document.querySelectorAll('td, th')) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/[^\s-]+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index ?? 0);
          range.setEnd(node, (match.index ?? 0) + match[0].length);
          const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          if (lines.size > 1) broken.push(match[0]);
        }
      }
    }
    return broken;
  });
}

/** How many lines each merchant order cell of the batch's rows takes (distinct counts). */
function merchantOrderLines(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const table = document.querySelector('table.batch-orders[aria-label]');
    const column = [...(table?.querySelectorAll('th') ?? [])].findIndex(
      (cell) => cell.textContent === 'Shipments',
    );
    const counts = new Set<number>();
    for (const row of table?.querySelectorAll('tbody tr') ?? []) {
      const cell = row.children[column];
      if (!cell?.textContent) continue;
      const range = document.createRange();
      range.selectNodeContents(cell);
      counts.add(new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size);
    }
    return [...counts];
  });
}

describe('the Bulk orders page at 320 and 400 px', () => {
  it('keeps every word whole with a problem shown and with the fix form open', async () => {
    const setup = await extension.openExtensionPage('src/options/index.html');
    await ask(setup, 'settings.update', { patch: { serviceUrl: sandbox.url, holdSeconds: 0 } });
    await ask(setup, 'token.set', { token: 'sandbox' });
    await setup.close();

    const page = await extension.openExtensionPage('src/bulk/index.html');
    await page.getByLabel('Ordering mode').waitFor();
    await page.getByLabel('Choose a CSV file of orders').setInputFiles({
      name: 'orders.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(ordersFile()),
    });
    await page.getByText('Row 3, quantity: must be a whole number of at least 1.').waitFor();
    await page.getByRole('table', { name: 'Orders to place' }).waitFor();
    for (const width of [320, 400]) {
      await page.setViewportSize({ width, height: 700 });
      expect(await brokenWords(page), `dry run and review at ${width} px`).toEqual([]);
      // The file chosen is named in Buyline's words; the browser's control, which would
      // say "No file chosen" once cleared for the next pick, is out of sight.
      expect(await page.getByText('Loaded: orders.csv').isVisible()).toBe(true);
      const control = await page.getByLabel('Choose a CSV file of orders').boundingBox();
      expect(control?.width ?? 0).toBeLessThanOrEqual(1);
    }

    await page.getByRole('button', { name: 'Place 2 orders' }).click();
    const fix = page.getByRole('button', { name: 'Fix and place again' }).first();
    await fix.waitFor({ timeout: 30_000 });
    await fix.click();
    await page.getByRole('form', { name: /^Fix row/ }).waitFor();
    for (const width of [320, 400]) {
      await page.setViewportSize({ width, height: 700 });
      expect(await brokenWords(page), `fix form at ${width} px`).toEqual([]);
    }
    await page.getByRole('button', { name: 'Close' }).click();

    // Merchant order numbers keep their width, each on one line: no service reference
    // (a 32-character id) squeezes them; it waits in the row's details.
    await page
      .getByRole('table', { name: 'Orders of the batch' })
      .getByText(/^\d{3}-/)
      .first()
      .waitFor({ timeout: 30_000 });
    for (const width of [320, 400]) {
      await page.setViewportSize({ width, height: 700 });
      expect(await brokenWords(page), `rows at ${width} px`).toEqual([]);
      expect(await merchantOrderLines(page), `merchant orders at ${width} px`).toEqual([1]);
      expect(await page.getByText(/^[0-9a-f]{32}$/).count()).toBe(0);
    }
    expect(await extension.settleProblems()).toEqual([]);
    await page.close();
  }, 90_000);
});
