import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../sandbox/index.ts';
import {
  expectAccessible,
  HOME_ADDRESS,
  type LaunchedExtension,
  launchExtension,
  routeStorefronts,
  setUpThroughOptions,
} from './harness/index.ts';
import { openPanelWindow, panelText } from './side-panel-window.ts';

// The side panel as a buyer uses it: open beside the storefront, following the tab in
// front as the buyer switches tabs and navigates, with the test build (storefront host
// access, which the buyer gives per storefront in the shipped one), against the sandbox.

let sandbox: RunningSandbox;
let extension: LaunchedExtension;
let panel: Page;

const FIRST = 'https://www.amazon.com/Sandbox-Test-Item/dp/B0PLACES01';
const SECOND = 'https://www.amazon.com/dp/B0CANCELOK';

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, processingMs: 400, control: true, seed: 5 });
  extension = await launchExtension({ dist: 'dist-test' });
  await routeStorefronts(extension.context, sandbox.url);
  await setUpThroughOptions(extension, {
    serviceUrl: sandbox.url,
    address: HOME_ADDRESS,
    holdSeconds: 0,
  });
}, 60_000);

afterAll(async () => {
  await extension?.close();
  await sandbox?.close();
});

/** A storefront address in a new tab of the main window, brought to the front. */
async function tabAt(url: string): Promise<Page> {
  const tab = await extension.context.newPage();
  await tab.goto(url);
  await tab.bringToFront();
  return tab;
}

const quantity = () => panel.getByLabel('Quantity').inputValue();

describe('the side panel', () => {
  it('follows the tab in front across two products and a page that is not one, keeping each form', async () => {
    const first = await tabAt(FIRST);
    panel = await openPanelWindow(extension);
    const heading = (name: string) => panel.getByRole('heading', { name });
    await expect
      .poll(() => heading('Sandbox Test Item: Always Places').isVisible(), { timeout: 10_000 })
      .toBe(true);
    expect(await panel.getByText('Page price: $19.99').isVisible()).toBe(true);
    await panel.getByLabel('Quantity').fill('3');

    // Another tab made active: the panel shows that product, with a form of its own.
    const second = await tabAt(SECOND);
    await expect
      .poll(() => heading('Sandbox Test Item: Cancels via Attempting').isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
    expect(await quantity()).toBe('1');
    await panel.getByLabel('Quantity').fill('2');

    // Back to the first tab: its form as the buyer left it.
    await first.bringToFront();
    await expect
      .poll(() => heading('Sandbox Test Item: Always Places').isVisible(), { timeout: 10_000 })
      .toBe(true);
    await expect.poll(quantity, { timeout: 5_000 }).toBe('3');

    // The first tab navigated to a search page: the orders, not a form.
    await first.goto('https://www.amazon.com/s?k=water+bottle');
    await expect
      .poll(panelText(panel), { timeout: 10_000 })
      .toContain('This page is not a product Buyline can order.');
    expect(await panel.getByRole('searchbox', { name: 'Search orders' }).isVisible()).toBe(true);
    expect(await panel.getByLabel('Quantity').count()).toBe(0);
    await expectAccessible(panel, { impact: ['serious', 'critical'] });

    // And the second tab again: its own form, as left.
    await second.bringToFront();
    await expect.poll(quantity, { timeout: 10_000 }).toBe('2');
    await expectAccessible(panel, { impact: ['serious', 'critical'] });
  }, 90_000);

  it('places the order of the product in front and shows it live, to placed', async () => {
    await expect
      .poll(() => panel.getByRole('button', { name: 'Place order' }).isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
    await panel.getByRole('button', { name: 'Place order' }).click();
    await expect
      .poll(() => panel.getByRole('status').first().textContent(), { timeout: 20_000 })
      .toMatch(/Placed/);
    const response = await fetch(`${sandbox.url}/v1/orders?limit=1`, {
      headers: { authorization: `Basic ${Buffer.from('sandbox:').toString('base64')}` },
    });
    const [sent] = (await response.json()) as {
      request: { products: { product_id: string; quantity: number }[] };
    }[];
    expect(sent?.request.products).toEqual([{ product_id: 'B0CANCELOK', quantity: 2 }]);
  }, 60_000);

  it('follows a tab in another window the buyer moves to', async () => {
    const worker = await extension.serviceWorker();
    const opened = extension.context.waitForEvent('page');
    await worker.evaluate((url) => chrome.windows.create({ url, focused: true }), FIRST);
    await opened;
    await expect
      .poll(
        () => panel.getByRole('heading', { name: 'Sandbox Test Item: Always Places' }).isVisible(),
        { timeout: 10_000 },
      )
      .toBe(true);
    expect(extension.problems).toEqual([]);
  }, 60_000);
});
