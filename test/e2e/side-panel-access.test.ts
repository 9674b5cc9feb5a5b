import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../sandbox/index.ts';
import {
  HOME_ADDRESS,
  type LaunchedExtension,
  launchExtension,
  routeStorefronts,
  setUpThroughOptions,
} from './harness/index.ts';
import { openPanelWindow, panelText } from './side-panel-window.ts';

// The side panel of the shipped build, which holds no storefront host access: beside a
// storefront tab the buyer did not click Buyline on, it cannot see the page. It says so,
// asks (per storefront, from a button), and stays useful when the buyer refuses.

let sandbox: RunningSandbox;
let extension: LaunchedExtension;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, processingMs: 400, control: true, seed: 5 });
  extension = await launchExtension({ dist: 'dist' });
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

describe('the side panel without host access', () => {
  it('asks for a storefront’s pages, and when refused says why and still shows the orders', async () => {
    const tab = await extension.context.newPage();
    await tab.goto('https://www.amazon.com/dp/B0PLACES01');
    await tab.bringToFront();
    const panel = await openPanelWindow(extension);
    await expect
      .poll(panelText(panel), { timeout: 10_000 })
      .toContain('Buyline can\u2019t see this page');
    expect(
      await panel.getByText('Without it, this panel still shows your orders').isVisible(),
    ).toBe(true);
    // What it can do without: the orders and what is in flight.
    expect(await panel.getByRole('searchbox', { name: 'Search orders' }).isVisible()).toBe(true);

    // The buyer picks the store and the browser asks them. Headless Chromium puts up a
    // prompt no one can answer (this build has no switch to answer it), so the buyer's
    // "no" is given here as the browser gives it: permissions.request answers false. The
    // request itself is the panel's own, from a real click, for that storefront's pages.
    await panel.evaluate(() => {
      const asked: unknown[] = [];
      (globalThis as { asked?: unknown[] }).asked = asked;
      const refuse = (details: unknown, answer?: (granted: boolean) => void) => {
        asked.push(details);
        if (answer) answer(false);
        return Promise.resolve(false);
      };
      (chrome.permissions as { request: unknown }).request = refuse;
    });
    await panel.getByLabel('Store').selectOption({ label: 'Amazon' });
    await panel.getByRole('button', { name: 'Let Buyline read Amazon pages' }).click();
    expect(await panel.evaluate(() => (globalThis as { asked?: unknown[] }).asked)).toEqual([
      { origins: ['https://*.amazon.com/*'] },
    ]);
    await expect
      .poll(() => panel.getByRole('status').first().textContent(), { timeout: 10_000 })
      .toContain('Not allowed: Buyline won\u2019t read Amazon pages.');
    expect(await panel.getByRole('searchbox', { name: 'Search orders' }).isVisible()).toBe(true);
    const granted = await panel.evaluate(() =>
      chrome.permissions.contains({ origins: ['https://*.amazon.com/*'] }),
    );
    expect(granted).toBe(false);
  }, 90_000);
});
