import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../sandbox/index.ts';
import { ADDRESS } from '../fixtures.ts';
import { askBackground, type LaunchedExtension, launchExtension } from './harness/index.ts';

// Pause and "Cancel the rest" pressed while a batch's orders are in the hold before
// sending, in Chromium against the sandbox: the held orders are taken back, and the
// service gets no POST for them. "Nothing more was sent" is asserted once a later
// order, whose hold began after the press, was placed: by then every hold of the
// batch had ended long before.

const HOLD_SECONDS = 6;
let sandbox: RunningSandbox;
let extension: LaunchedExtension;
const posts: string[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({
    port: 0,
    processingMs: 200,
    control: true,
    seed: 9,
    onRequest: (request) => {
      if (request.method === 'POST' && request.path === '/v1/orders') posts.push(request.path);
    },
  });
  extension = await launchExtension({ dist: 'dist-test' });
  const setup = await extension.openExtensionPage('src/options/index.html');
  await ask(setup, 'settings.update', {
    patch: { serviceUrl: sandbox.url, holdSeconds: HOLD_SECONDS },
  });
  await ask(setup, 'token.set', { token: 'sandbox' });
  await setup.close();
}, 60_000);

afterAll(async () => {
  await extension?.close();
  await sandbox?.close();
});

const ask = askBackground;

function ordersFile(rows: number): string {
  const header = ['retailer', 'product_id', 'quantity', 'max_price', ...Object.keys(ADDRESS)];
  const lines = Array.from({ length: rows }, () =>
    ['amazon', 'B0PLACES01', '1', '50.00', ...Object.values(ADDRESS)].join(','),
  );
  return `${[header.join(','), ...lines].join('\r\n')}\r\n`;
}

/**
 * Opens the page, picks a file of `rows` good rows and places it. A batch still under way
 * is what the page opens on: "New batch" leads to the file.
 */
async function placeBatch(name: string, rows: number): Promise<Page> {
  const page = await extension.openExtensionPage('src/bulk/index.html');
  const form = page.getByLabel('Ordering mode');
  const newBatch = page.getByRole('button', { name: 'New batch' });
  await form.or(newBatch).waitFor();
  if (await newBatch.isVisible()) await newBatch.click();
  await form.waitFor();
  await page.getByLabel('Choose a CSV file of orders').setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(ordersFile(rows)),
  });
  await page
    .getByRole('button', { name: rows === 1 ? 'Place 1 order' : `Place ${rows} orders` })
    .click();
  await page.getByRole('heading', { name: new RegExp(name.replace('.', '\\.')) }).waitFor();
  return page;
}

/** A one-order batch placed after the press: once it is placed, every earlier hold ended. */
async function placeMarker(): Promise<void> {
  const page = await placeBatch('marker.csv', 1);
  await page.getByText('1 of 1 orders finished.').waitFor({ timeout: 45_000 });
  await page.close();
}

describe('taking back held orders of a batch in Chromium', () => {
  it('Pause during the hold before sending sends nothing more', async () => {
    const before = posts.length;
    const page = await placeBatch('paused.csv', 30);
    await page.getByRole('button', { name: 'Pause' }).click();
    await page
      .getByText('0 orders went to the service; 30 were not sent and wait for Resume.')
      .waitFor();
    // The held orders are taken back one by one; then none is left held. Thirty take a
    // second or more on a busy machine: the wait ends with the event, well inside the
    // six-second hold (the POSTs counted below prove none went out).
    await expect
      .poll(() => page.locator('[data-count="held"]').textContent(), { timeout: 5_000 })
      .toBe('0');
    expect(await page.locator('[data-count="waiting"]').textContent()).toBe('30');
    await placeMarker();
    expect(posts.length - before).toBe(1);
    await page.close();
  }, 90_000);

  it('"Cancel the rest" with held orders sends nothing more', async () => {
    const before = posts.length;
    const page = await placeBatch('cancelled.csv', 30);
    await page.getByRole('button', { name: 'Cancel the rest' }).click();
    await page.getByText('0 orders went to the service; the other 30 were never sent.').waitFor();
    await page.getByText('0 of 30 orders finished.').waitFor();
    expect(await page.locator('[data-count="cancelled"]').textContent()).toBe('30');
    await placeMarker();
    expect(posts.length - before).toBe(1);
    expect(await extension.settleProblems()).toEqual([]);
    await page.close();
  }, 90_000);
});
