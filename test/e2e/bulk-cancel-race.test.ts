import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../sandbox/index.ts';
import { ADDRESS } from '../fixtures.ts';
import { askBackground, type LaunchedExtension, launchExtension } from './harness/index.ts';

// "Cancel the rest" clicked in Chromium while a 100-order batch's holds are ending, one
// after another, against the sandbox: whatever the page says went to the service, from
// the first moment it says the rest was cancelled, is exactly what the service received.
// The click is timed on the browser's own clock (the one the extension reads), at the
// first order's end of hold (midway to the last one's when that one is handed over yet):
// runs here split the batch about 30 sent, 70 taken back.

const HOLD_SECONDS = 3;
const ROWS = 100;
let sandbox: RunningSandbox;
let extension: LaunchedExtension;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, processingMs: 200, control: true, seed: 11 });
  extension = await launchExtension({ dist: 'dist-test' });
  const setup = await extension.openExtensionPage('src/options/index.html');
  await askBackground(setup, 'settings.update', {
    patch: { serviceUrl: sandbox.url, holdSeconds: HOLD_SECONDS },
  });
  await askBackground(setup, 'token.set', { token: 'sandbox' });
  await setup.close();
}, 60_000);

afterAll(async () => {
  await extension?.close();
  await sandbox?.close();
});

/** How many orders the sandbox received for our token, asked through its control API. */
async function ordersAtSandbox(): Promise<number> {
  const state = (await (await fetch(`${sandbox.url}/_control/state`)).json()) as {
    tokens: Record<string, { orders: number }>;
  };
  return state.tokens.sandbox?.orders ?? 0;
}

function ordersFile(rows: number): string {
  const header = ['retailer', 'product_id', 'quantity', 'max_price', ...Object.keys(ADDRESS)];
  const lines = Array.from({ length: rows }, () =>
    ['amazon', 'B0PLACES01', '1', '50.00', ...Object.values(ADDRESS)].join(','),
  );
  return `${[header.join(','), ...lines].join('\r\n')}\r\n`;
}

const SENT_SENTENCE = /^(\d+) orders went to the service; the other (\d+) were never sent\.$/;

describe('"Cancel the rest" while holds are ending, in Chromium', () => {
  it('says sent exactly the orders the service received, from the first moment', async () => {
    const before = await ordersAtSandbox();
    const page = await extension.openExtensionPage('src/bulk/index.html');
    await page.getByLabel('Ordering mode').waitFor();
    await page.getByLabel('Choose a CSV file of orders').setInputFiles({
      name: 'race.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(ordersFile(ROWS)),
    });
    await page.getByRole('button', { name: `Place ${ROWS} orders` }).click();
    await page.getByRole('heading', { name: /race\.csv/ }).waitFor();

    // When the holds end: the first and the last order, as the background says.
    const [{ id: batchId }] = await askBackground(page, 'bulk.list');
    const view = await askBackground(page, 'bulk.get', { batchId, limit: ROWS });
    const ends: number[] = [];
    for (const order of [view.orders[0], view.orders.at(-1)]) {
      const read = await askBackground(page, 'order.get', { localId: order.localId });
      if (read.order.holdUntil) ends.push(read.order.holdUntil);
    }
    expect(ends.length).toBeGreaterThan(0);
    const clickAt = (Math.min(...ends) + Math.max(...ends)) / 2;
    await page.waitForFunction((at) => Date.now() >= at, clickAt, { polling: 'raf' });
    await page.getByRole('button', { name: 'Cancel the rest' }).click();

    // The first thing the page says of it is already true.
    const said = page.getByText(SENT_SENTENCE);
    await said.waitFor();
    const [, sent, notSent] = SENT_SENTENCE.exec((await said.textContent()) ?? '') ?? [];
    expect(Number(sent) + Number(notSent)).toBe(ROWS);

    // Once every order sent is placed (nothing held or being placed), the service holds
    // exactly those, and the page still says the same.
    const count = (name: string) => page.locator(`[data-count="${name}"]`).textContent();
    await expect.poll(() => count('placed'), { timeout: 60_000 }).toBe(sent);
    expect(await count('held')).toBe('0');
    expect(await count('sent')).toBe('0');
    expect(await ordersAtSandbox()).toBe(before + Number(sent));
    expect(await count('cancelled')).toBe(notSent);
    expect(await page.getByText(SENT_SENTENCE).textContent()).toBe(
      `${sent} orders went to the service; the other ${notSent} were never sent.`,
    );
    expect(await extension.settleProblems()).toEqual([]);
    await page.close();
  }, 120_000);
});
