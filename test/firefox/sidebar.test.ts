import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../sandbox/index.ts';
import { GECKO_ID } from '../../scripts/manifest-for.ts';
import { ADDRESS } from '../fixtures.ts';
import {
  clickToolbarButton,
  type FirefoxWithBuyline,
  launchBuyline,
  routeStorefronts,
} from './harness/index.ts';

// The shipped Firefox build's sidebar (sidebar_action, Chrome's side panel): Firefox
// opens it, and the same page, beside a storefront tab, places an order. The sidebar
// itself, like the popup panel, is no WebDriver navigable: Firefox's own code opens it
// and reads which page it shows, and the test drives that page in a tab kept behind
// the storefront tab, so the tab in front is still the storefront, as beside it.

let sandbox: RunningSandbox;
let ff: FirefoxWithBuyline;

const PRODUCT_URL = 'https://www.amazon.com/Sandbox-Test-Item/dp/B0PLACES01';
const SIDEBAR_ID = `${GECKO_ID.toLowerCase().replace(/[^a-z0-9_-]/g, '_')}-sidebar-action`;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, processingMs: 400, control: true, seed: 11 });
  ff = await launchBuyline();
}, 60_000);

afterAll(async () => {
  await ff?.close();
  await sandbox?.close();
});

async function ordersReceived(): Promise<number> {
  const state = (await (await fetch(`${sandbox.url}/_control/state`)).json()) as {
    tokens: Record<string, { orders: number }>;
  };
  return state.tokens.sandbox?.orders ?? 0;
}

const shown = (page: Page, text: string) =>
  page.waitForFunction(
    (wanted) => document.body.innerText.includes(wanted),
    { timeout: 15_000 },
    text,
  );

describe('Buyline’s sidebar in Firefox', () => {
  it('opens in Firefox’s sidebar with the panel page', async () => {
    const opened = await ff.inChrome<{ url?: string; problem?: string }>(
      `async ({ id }) => {
        await SidebarController.show(id);
        for (let waited = 0; waited < 10000; waited += 50) {
          const browser = SidebarController.browser?.contentDocument?.getElementById('webext-panels-browser');
          const url = browser?.currentURI?.spec;
          if (url && url !== 'about:blank') return JSON.stringify({ url });
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        return JSON.stringify({ problem: 'no sidebar page within 10 s' });
      }`,
      { id: SIDEBAR_ID },
    );
    expect(opened).toEqual({ url: ff.extensionUrl('src/panel/index.html') });
  }, 60_000);

  it('places the order of the product beside it', async () => {
    const messenger = await ff.openExtensionPage('src/options/index.html');
    const saved = await messenger.evaluate(
      (url, address) =>
        chrome.runtime.sendMessage({
          buyline: 1,
          type: 'settings.update',
          payload: {
            patch: {
              serviceUrl: url,
              addresses: [{ id: 'home', label: 'Home', address }],
              defaultAddressId: 'home',
              mode: 'managed',
              holdSeconds: 0,
            },
          },
        }),
      sandbox.url,
      ADDRESS,
    );
    expect((saved as { ok: boolean }).ok).toBe(true);
    const before = await ordersReceived();
    const storefront = await ff.browser.newPage();
    await routeStorefronts(storefront, sandbox.url);
    await storefront.goto(PRODUCT_URL);
    // The toolbar click lets Buyline read this tab (activeTab), as it would have before
    // the buyer chose "Keep open beside the page".
    await clickToolbarButton(ff);
    const panel = await ff.browser.newPage();
    await storefront.bringToFront();
    await ff.openExtensionPage('src/panel/index.html', panel);
    await shown(panel, 'Sandbox Test Item: Always Places');
    await shown(panel, 'Page price: $19.99');
    await panel.evaluate(() => {
      const place = [...document.querySelectorAll('button')].find(
        (button) => button.textContent === 'Place order',
      );
      place?.click();
    });
    await expect
      .poll(async () => (await ordersReceived()) - before, { timeout: 20_000, interval: 250 })
      .toBe(1);
    await shown(panel, 'Placed');
  }, 90_000);
});
