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
import { openPanelWindow } from './side-panel-window.ts';

// "Cancel order" on the notification that an order was placed: it opens that order's
// cancellation confirmation, and Confirm cancels it. Headless Chromium shows no
// notification to click, so the test fires the button's event in the worker with
// chrome.notifications.onButtonClicked.dispatch(id, 0): the listeners the worker
// registered at its start run as they would for a click.

let sandbox: RunningSandbox;
let extension: LaunchedExtension;

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

/**
 * Opens the product at this address in a tab of the main window, then the panel beside
 * it (as side-panel.test.ts does: the panel's own window never holds the tab it
 * follows), and places the product from the panel; the panel and the notice id.
 */
async function placeBeside(url: string): Promise<{ panel: Page; notice: string }> {
  const tab = await extension.context.newPage();
  await tab.goto(url);
  await tab.bringToFront();
  const panel = await openPanelWindow(extension);
  const place = panel.getByRole('button', { name: 'Place order' });
  // The panel reads the page of the tab now in front, then shows its form; the maximum
  // price (which a managed order needs) is filled from the page's price once it is read.
  await expect.poll(() => place.isVisible(), { timeout: 20_000 }).toBe(true);
  await expect
    .poll(() => panel.getByLabel(/^Maximum price/).inputValue(), { timeout: 20_000 })
    .not.toBe('');
  await place.click();
  await expect
    .poll(() => panel.getByRole('status').first().textContent(), { timeout: 20_000 })
    .toMatch(/Placed/);
  const worker = await extension.serviceWorker();
  const placedNotice = async () =>
    Object.keys(await worker.evaluate(() => chrome.notifications.getAll())).find((id) =>
      /^buyline:order:[^:]+:placed$/.test(id),
    );
  await expect.poll(placedNotice, { timeout: 10_000 }).toBeDefined();
  return { panel, notice: (await placedNotice()) as string };
}

/** What a click on a notice's first button does: the worker's own listeners run. */
async function pressNoticeButton(id: string): Promise<void> {
  const worker = await extension.serviceWorker();
  await worker.evaluate(
    (notice) =>
      (
        chrome.notifications.onButtonClicked as unknown as {
          dispatch(id: string, index: number): void;
        }
      ).dispatch(notice, 0),
    id,
  );
}

describe('the notification that an order was placed', () => {
  it('leads, by its Cancel order button, to that order’s cancellation confirmation in the open panel; Confirm cancels it', async () => {
    const { panel, notice } = await placeBeside('https://www.amazon.com/dp/B0CANCELOK');
    // The panel moves on to a page that is not a product, as a buyer browsing on.
    const other = await extension.context.newPage();
    await other.goto('https://www.amazon.com/s?k=lamp');
    await other.bringToFront();
    await expect
      .poll(() => panel.getByRole('searchbox', { name: 'Search orders' }).isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);

    await pressNoticeButton(notice);
    // The confirmation names what it cancels: "Cancel 1 × <item>, <total>".
    const confirm = panel.getByRole('button', {
      name: /^Cancel 1 × Sandbox Test Item: Cancels via Attempting, \$/,
    });
    await expect.poll(() => confirm.isVisible(), { timeout: 10_000 }).toBe(true);
    // The confirmation is of that order, and the button pressed nothing more.
    expect(
      await panel.getByText('Sandbox Test Item: Cancels via Attempting').first().isVisible(),
    ).toBe(true);
    expect(await countCancellations()).toBe(0);

    await confirm.click();
    await expect
      .poll(() => panel.getByText('Cancellation under way').first().isVisible(), {
        timeout: 20_000,
      })
      .toBe(true);
    expect(await countCancellations()).toBe(1);
  }, 90_000);

  it('opens the confirmation in the popup, or a tab with its page, when no panel is open', async () => {
    const { notice } = await placeBeside('https://www.amazon.com/dp/B0CANCELOK');
    // No panel left open, the first test's included.
    for (const page of extension.context.pages())
      if (page.url().includes('/src/panel/')) await page.close();
    await pressNoticeButton(notice);
    // The popup (action.openPopup) or a tab: either is a page of the browser at the
    // order's confirmation address.
    const localId = /^buyline:order:([^:]+):placed$/.exec(notice)?.[1] ?? '';
    const address = `src/popup/index.html#order=${encodeURIComponent(localId)}&confirm`;
    await expect
      .poll(() => targetsAt(extension.extensionUrl(address)), { timeout: 10_000 })
      .toBe(1);
    // The toolbar button opens the popup's own page again afterwards.
    const worker = await extension.serviceWorker();
    await expect
      .poll(() => worker.evaluate(() => chrome.action.getPopup({})), { timeout: 5_000 })
      .toBe(extension.extensionUrl('src/popup/index.html'));
  }, 90_000);
});

/** How many pages of the browser (tabs, popups) are at this address. */
async function targetsAt(url: string): Promise<number> {
  const session = await extension.cdpBrowser.newBrowserCDPSession();
  try {
    const { targetInfos } = (await session.send('Target.getTargets')) as {
      targetInfos: { url: string }[];
    };
    return targetInfos.filter((info) => info.url === url).length;
  } finally {
    await session.detach().catch(() => undefined);
  }
}

/** How many cancellations the service was asked for. */
async function countCancellations(): Promise<number> {
  const state = (await (await fetch(`${sandbox.url}/_control/state`)).json()) as {
    tokens: Record<string, { cancellations?: number }>;
  };
  return state.tokens.sandbox?.cancellations ?? 0;
}
