import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../sandbox/index.ts';
import {
  HOME_ADDRESS,
  type LaunchedExtension,
  launchExtension,
  routeStorefronts,
  setUpThroughOptions,
} from './harness/index.ts';

// One order's life as the buyer sees it in the popup, against the sandbox: held before
// sending (and undone), placed, one merchant order cancelled through the detail, and
// the order then read as cancelled in the list and in the detail, as the background
// pushes each change to the open popup.

let sandbox: RunningSandbox;
let extension: LaunchedExtension;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, processingMs: 300, control: true, seed: 7 });
  extension = await launchExtension({ dist: 'dist-test' });
  await routeStorefronts(extension.context, sandbox.url);
  // The hold before sending keeps its default (5 s): this test undoes an order in it.
  await setUpThroughOptions(extension, {
    serviceUrl: sandbox.url,
    address: HOME_ADDRESS,
  });
}, 60_000);

afterAll(async () => {
  await extension?.close();
  await sandbox?.close();
});

async function ordersAtService(): Promise<number> {
  const state = (await (await fetch(`${sandbox.url}/_control/state`)).json()) as {
    tokens: Record<string, { orders: number }>;
  };
  return state.tokens.sandbox?.orders ?? 0;
}

const status = (popup: Page) => popup.getByRole('status').textContent({ timeout: 2_000 });

describe('an order’s states in the popup', () => {
  it('is held and undone, placed, cancelled through the detail, and read as cancelled', async () => {
    const tab = await extension.context.newPage();
    await tab.goto('https://www.amazon.com/dp/B0CANCELOK');
    await tab.bringToFront();
    const popup = await extension.openPopupOnActiveTab();
    const place = popup.getByRole('button', { name: 'Place order' });
    await place.waitFor({ timeout: 10_000 });
    const title = (await popup.getByRole('heading', { level: 2 }).textContent()) ?? '';
    expect(title).not.toBe('');

    // Held: the first order is undone during the hold, and the form comes back.
    await place.click();
    await expect.poll(() => status(popup), { timeout: 10_000 }).toMatch(/^Held/);
    await popup.getByRole('button', { name: 'Cancel order' }).click();
    await popup.getByText('Cancelled: nothing was sent.').waitFor({ timeout: 10_000 });

    // The same form, placed again, goes through its hold and is placed.
    await place.click();
    await expect.poll(() => status(popup), { timeout: 30_000 }).toMatch(/^Placed/);
    // This order was sent after the undone one's hold had ended: had that one been
    // sent, the service would hold two orders by now.
    expect(await ordersAtService()).toBe(1);

    // Cancel its merchant order from the detail, in two clicks.
    await popup.getByRole('button', { name: 'See all orders' }).click();
    await popup.getByRole('button', { name: `Open order ${title}` }).click();
    const cancel = popup.getByRole('button', { name: 'Cancel order' });
    await cancel.waitFor({ timeout: 10_000 });
    await cancel.click();
    await popup.getByRole('button', { name: /^Cancel \d+ × / }).click();
    const merchantOrders = popup.getByRole('list', { name: 'Shipments' });
    await expect
      .poll(() => merchantOrders.textContent(), { timeout: 20_000 })
      .toContain('Attempting to cancel');

    // The sandbox decides the cancellation; the background learns it and tells the
    // open popup, which shows it without being asked to refresh.
    await fetch(`${sandbox.url}/_control/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advance_ms: 60_000 }),
    });
    await expect.poll(() => status(popup), { timeout: 20_000 }).toMatch(/^Cancelled/);
    expect(await merchantOrders.textContent()).toContain('Cancelled');
    expect(await status(popup)).not.toContain('Placed');

    // And in the list, as the main status of the order.
    await popup.getByRole('button', { name: '← Orders' }).click();
    const row = popup.getByRole('button', { name: `Open order ${title}` });
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain('Cancelled');
    expect(await row.textContent()).not.toContain('Placed');
    expect(await extension.settleProblems()).toEqual([]);
    await popup.close();
    await tab.close();
  }, 120_000);
});
