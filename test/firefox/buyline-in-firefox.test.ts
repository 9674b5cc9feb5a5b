import type { ElementHandle, Page } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../sandbox/index.ts';
import { ADDRESS, MANAGED_ORDER } from '../fixtures.ts';
import {
  backgroundState,
  type FirefoxProblem,
  type FirefoxWithBuyline,
  launchBuyline,
  popupBehindTab,
  routeStorefronts,
  type ShownAlert,
  terminateBackground,
  watchAlerts,
  watchProblems,
} from './harness/index.ts';

// The shipped Firefox build (dist-firefox/) in Debian's Firefox ESR, against the real
// sandbox: what a person does in the options page and the popup, and the background
// keeping its promise when Firefox stops the event page in the middle of an order.

interface Reply<T> {
  ok: boolean;
  data?: T;
  error?: { message: string };
}

let sandbox: RunningSandbox;
/** Every request to the sandbox's /v1, in the order it arrived. */
const requests: { method: string; path: string }[] = [];
let ff: FirefoxWithBuyline;
/** An extension page kept open to send the background messages as the pages do. */
let messenger: Page;
let alerts: () => Promise<ShownAlert[]>;
let problems: () => Promise<FirefoxProblem[]>;

const PRODUCT_URL =
  'https://www.amazon.com/Sandbox-Test-Item/dp/B0PLACES01/ref=sr_1_1?keywords=test';
const PRODUCT_TITLE = 'Sandbox Test Item: Always Places';

function ask<T>(type: string, payload: unknown): Promise<Reply<T>> {
  return messenger.evaluate(
    (t, p) => chrome.runtime.sendMessage({ buyline: 1, type: t, payload: p }),
    type,
    payload,
  ) as Promise<Reply<T>>;
}

const AUTH = { authorization: `Basic ${Buffer.from('sandbox:').toString('base64')}` };

/** Orders the sandbox has received from Buyline, in any state (its control API). */
async function ordersReceived(): Promise<number> {
  const state = (await (await fetch(`${sandbox.url}/_control/state`)).json()) as {
    tokens: Record<string, { orders: number }>;
  };
  return state.tokens.sandbox?.orders ?? 0;
}

/** The order as the service reports it now. */
async function serviceOrder(requestId: string): Promise<any> {
  const response = await fetch(`${sandbox.url}/v1/orders/${requestId}`, { headers: AUTH });
  expect(response.status).toBe(200);
  return response.json();
}

/**
 * A control found by its accessible name and role, as a person finds it (a password
 * field has no role puppeteer can name in Firefox: pass none).
 */
function control(page: Page, role: string, name: string): Promise<ElementHandle<Element> | null> {
  const query = role ? `[name="${name}"][role="${role}"]` : name;
  return page.waitForSelector(`::-p-aria(${query})`, { timeout: 10_000 });
}

/**
 * Clicks without puppeteer's pointer emulation, which costs a second in a background
 * tab; for buttons whose handler needs no user gesture.
 */
async function press(page: Page, role: string, name: string): Promise<void> {
  const button = await control(page, role, name);
  if (!button) throw new Error(`No ${role} named "${name}".`);
  await button.evaluate((element) => (element as HTMLElement).click());
}

async function textShown(page: Page, text: string, timeout = 10_000): Promise<void> {
  await page.waitForFunction(
    (wanted) => document.body.innerText.includes(wanted),
    { timeout },
    text,
  );
}

beforeAll(async () => {
  // Long enough to stop the background while an order is still being placed.
  sandbox = await startSandbox({
    port: 0,
    processingMs: 3_000,
    control: true,
    seed: 11,
    onRequest: (request) => requests.push(request),
  });
  ff = await launchBuyline();
  alerts = await watchAlerts(ff);
  problems = await watchProblems(ff);
  messenger = await ff.openExtensionPage('src/options/index.html');
}, 60_000);

// No page, popup or background of Buyline may throw uncaught or break its CSP; each
// test answers for what was logged since the one before it.
let reported = 0;
afterEach(async () => {
  const logged = await problems();
  const fresh = logged.slice(reported);
  reported = logged.length;
  expect(fresh).toEqual([]);
});

afterAll(async () => {
  await ff?.close();
  await sandbox?.close();
});

describe('Buyline in Firefox', () => {
  it('sets the service address and token in the options page and connects', async () => {
    const page = await ff.openExtensionPage('src/options/index.html');
    const address = await control(page, 'textbox', 'Service address');
    if (!address) throw new Error('No service address field.');

    // An address beyond this machine needs the browser's permission, which Firefox
    // grants only to a request made straight from the click.
    await address.click({ count: 3 });
    await address.type('https://orders.example.com');
    await (await control(page, 'button', 'Save connection'))?.click();
    await textShown(page, 'Connection saved.');
    expect(
      await page.evaluate(() =>
        chrome.permissions.contains({ origins: ['https://orders.example.com/*'] }),
      ),
    ).toBe(true);

    await address.click({ count: 3 });
    await address.type(sandbox.url);
    await (await control(page, 'button', 'Save connection'))?.click();
    await textShown(page, 'Connection saved.');
    // The sandbox's token was set at install (the default address is the sandbox's).
    const token = await control(page, '', 'Replace token');
    await token?.type('sandbox');
    await (await control(page, 'button', 'Save token'))?.click();
    await textShown(page, `Connected to ${sandbox.url}.`);

    const settings = await ask<{ serviceUrl: string }>('settings.get', {});
    expect(settings.data?.serviceUrl).toBe(sandbox.url);
    await page.close();
  }, 60_000);

  it('detects the product in the tab after a toolbar click and places one order on the sandbox', async () => {
    const saved = await ask('settings.update', {
      patch: {
        serviceUrl: sandbox.url,
        addresses: [{ id: 'home', label: 'Home', address: ADDRESS }],
        defaultAddressId: 'home',
        mode: 'managed',
      },
    });
    expect(saved.ok, saved.error?.message).toBe(true);
    const before = await ordersReceived();

    const storefront = await ff.browser.newPage();
    await routeStorefronts(storefront, sandbox.url);
    await storefront.goto(PRODUCT_URL);
    expect(await storefront.title()).toContain(PRODUCT_TITLE);
    const popup = await popupBehindTab(ff, storefront);

    // The title comes from the page itself, read under activeTab.
    await textShown(popup, PRODUCT_TITLE);
    await press(popup, 'button', 'Place order');

    await expect
      .poll(async () => (await ordersReceived()) - before, { timeout: 20_000, interval: 250 })
      .toBe(1);
    // The service has the order; the background knows it by its request id once the
    // POST's answer is written, which a busy machine may take a moment longer to do.
    const requestIdKnown = async () => {
      const [order] = await popup.evaluate(async () => {
        const reply = await chrome.runtime.sendMessage({
          buyline: 1,
          type: 'orders.query',
          payload: {},
        });
        return reply.data as { requestId?: string }[];
      });
      return order?.requestId;
    };
    await expect.poll(requestIdKnown, { timeout: 20_000, interval: 100 }).toBeDefined();
    const order = { requestId: await requestIdKnown() };
    const sent = await serviceOrder(order.requestId ?? 'none');
    expect(sent.request).toMatchObject({
      retailer: 'amazon',
      products: [{ product_id: 'B0PLACES01', quantity: 1 }],
      shipping_address: { zip_code: ADDRESS.zip_code },
    });
    // Nothing more goes out once the order is on its way: by the time the background
    // reads the order back (a read beside this test's own), it has moved on to following
    // it, and the service still has that one order.
    const read = `/v1/orders/${order?.requestId}`;
    const reads = () => requests.filter((r) => r.method === 'GET' && r.path === read).length;
    await expect.poll(reads, { timeout: 20_000, interval: 100 }).toBeGreaterThanOrEqual(2);
    expect((await ordersReceived()) - before).toBe(1);
    await popup.close();
    await storefront.close();
  }, 60_000);

  it('follows an order to its end across a stopped background, once', async () => {
    const before = await ordersReceived();
    const draftId = crypto.randomUUID();
    const request = MANAGED_ORDER;
    const placed = await ask<{ placed: boolean }>('order.place', { draftId, request });
    expect(placed.ok, placed.error?.message).toBe(true);
    const again = await ask<{ duplicate: boolean }>('order.place', { draftId, request });
    expect(again.data?.duplicate).toBe(true);

    const recordOf = async () =>
      (
        await ask<{ order: { state: string; requestId?: string } }>('order.get', {
          localId: draftId,
        })
      ).data?.order;
    const stateOf = async () => (await recordOf())?.state;
    await expect.poll(stateOf, { timeout: 15_000, interval: 100 }).toBe('processing');
    const requestId = (await recordOf())?.requestId ?? 'none';

    // A mark in the background page's memory shows that a new one answers later.
    await messenger.evaluate(async () => {
      const page = (await (globalThis as any).browser.runtime.getBackgroundPage()) as Window & {
        buylineMark?: number;
      };
      page.buylineMark = 1;
    });
    await terminateBackground(ff);
    expect(await backgroundState(ff)).toBe('stopped');
    // The service is still placing it: the background stopped in the middle.
    expect((await serviceOrder(requestId)).code).toBe('request_processing');

    // The page asking about the order wakes the background, which resumes it.
    await expect.poll(stateOf, { timeout: 30_000, interval: 500 }).toBe('placed');
    expect(
      await messenger.evaluate(async () => {
        const page = (await (globalThis as any).browser.runtime.getBackgroundPage()) as Window & {
          buylineMark?: number;
        };
        return page.buylineMark;
      }),
    ).toBeUndefined();

    // One click, two submits, a stopped background: one order, one "placed" notification.
    expect((await ordersReceived()) - before).toBe(1);
    expect((await serviceOrder(requestId))._type).toBe('order_response');
    const aboutThisOrder = (await alerts()).filter((alert) => alert.name.includes(draftId));
    expect(aboutThisOrder.filter((alert) => alert.name.endsWith(':placed'))).toHaveLength(1);
    // Firefox's notifications have no buttons: none may be asked for.
    expect(aboutThisOrder.map((alert) => alert.actions)).toEqual(aboutThisOrder.map(() => 0));
  }, 90_000);
});
