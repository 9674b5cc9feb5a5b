import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../sandbox/index.ts';
import { MANAGED_ORDER } from '../fixtures.ts';
import { type LaunchedExtension, launchExtension } from './harness/index.ts';

// The background's promise, in a real browser: an order placed from one click is
// followed to its end even when Chromium stops the service worker in the middle, and
// the user hears about it once.

interface Reply<T> {
  ok: boolean;
  data?: T;
  error?: { message: string };
}

let sandbox: RunningSandbox;
let extension: LaunchedExtension;

async function productId(): Promise<string> {
  const catalog = (await (await fetch(`${sandbox.url}/demo/catalog.json`)).json()) as {
    products: { retailer: string; id?: string; product_id?: string; managed_scarce?: boolean }[];
  };
  const product = catalog.products.find((entry) => entry.retailer === 'amazon');
  const id = product?.product_id ?? product?.id;
  if (!id) throw new Error('the sandbox catalog has no amazon product');
  return id;
}

// Orders stay processing until a test moves the sandbox's clock past this.
const PROCESSING_MS = 10 * 60_000;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, processingMs: PROCESSING_MS, control: true, seed: 3 });
  extension = await launchExtension({ dist: 'dist' });
}, 60_000);

afterAll(async () => {
  await extension?.close();
  await sandbox?.close();
});

describe('the background in Chromium', () => {
  it('follows an order to its end across a stopped service worker, with one notification', async () => {
    const page = await extension.openExtensionPage('src/options/index.html');
    const ask = <T>(type: string, payload: unknown) =>
      page.evaluate(
        ([t, p]: readonly [string, unknown]) =>
          chrome.runtime.sendMessage({ buyline: 1, type: t, payload: p }),
        [type, payload] as const,
      ) as Promise<Reply<T>>;

    // Sent at once: the hold before sending is the next test's.
    expect(
      (await ask('settings.update', { patch: { serviceUrl: sandbox.url, holdSeconds: 0 } })).ok,
    ).toBe(true);
    expect((await ask('token.set', { token: 'sandbox' })).ok).toBe(true);

    const draftId = crypto.randomUUID();
    const request = {
      ...MANAGED_ORDER,
      products: [{ product_id: await productId(), quantity: 1 }],
    };
    const placed = await ask<{ placed: boolean; order: { localId: string } }>('order.place', {
      draftId,
      request,
    });
    expect(placed.ok, placed.error?.message).toBe(true);
    expect(placed.data?.placed).toBe(true);

    // A second submit of the same draft is the same order.
    const again = await ask<{ duplicate: boolean }>('order.place', { draftId, request });
    expect(again.data?.duplicate).toBe(true);

    const stateOf = async () =>
      (await ask<{ order: { state: string } }>('order.get', { localId: draftId })).data?.order
        .state;
    await expect.poll(stateOf, { timeout: 10_000, interval: 200 }).toBe('processing');

    // A mark in the worker's memory shows that the worker really is a new one later.
    await (await extension.serviceWorker()).evaluate(() => {
      (globalThis as { buylineMark?: number }).buylineMark = 1;
    });
    await extension.stopServiceWorker();
    // The retailer finishes while no worker runs.
    const moved = await fetch(`${sandbox.url}/_control/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advance_ms: PROCESSING_MS }),
    });
    expect(moved.ok).toBe(true);

    // Nothing wakes the worker but its alarm (30 s in Chromium) or a message; the
    // page asking for the order wakes it too, and either way the order is resumed.
    await expect.poll(stateOf, { timeout: 60_000, interval: 1_000 }).toBe('placed');

    const notifications = (await page.evaluate(() => chrome.notifications.getAll())) as Record<
      string,
      boolean
    >;
    const aboutThisOrder = Object.keys(notifications).filter((id) => id.includes(draftId));
    expect(aboutThisOrder).toEqual([`buyline:order:${draftId}:placed`]);

    const fresh = await extension.serviceWorker();
    expect(
      await fresh.evaluate(() => (globalThis as { buylineMark?: number }).buylineMark),
    ).toBeUndefined();

    // One click, two submits, a stopped worker: exactly one order on the service.
    const state = (await (await fetch(`${sandbox.url}/_control/state`)).json()) as {
      tokens: Record<string, { orders: number }>;
    };
    expect(state.tokens.sandbox?.orders).toBe(1);
  }, 120_000);

  it('sends an order held when the worker stopped, once the hold is over, exactly once', async () => {
    const page = await extension.openExtensionPage('src/options/index.html');
    const ask = <T>(type: string, payload: unknown) =>
      page.evaluate(
        ([t, p]: readonly [string, unknown]) =>
          chrome.runtime.sendMessage({ buyline: 1, type: t, payload: p }),
        [type, payload] as const,
      ) as Promise<Reply<T>>;
    expect((await ask('settings.update', { patch: { holdSeconds: 5 } })).ok).toBe(true);
    const ordersOnService = async () => {
      const state = (await (await fetch(`${sandbox.url}/_control/state`)).json()) as {
        tokens: Record<string, { orders: number }>;
      };
      return state.tokens.sandbox?.orders ?? 0;
    };
    const before = await ordersOnService();

    const draftId = crypto.randomUUID();
    const placed = await ask<{ order: { state: string; holdUntil?: number } }>('order.place', {
      draftId,
      request: { ...MANAGED_ORDER, products: [{ product_id: await productId(), quantity: 1 }] },
    });
    expect(placed.data?.order.state).toBe('held');
    const holdUntil = placed.data?.order.holdUntil;
    expect(holdUntil).toEqual(expect.any(Number));
    // The worker stops during the hold, and stays stopped past its end: the page waits
    // for the moment the order would have been sent (the browser's own clock passing
    // the hold's end), then nothing has reached the service.
    await extension.stopServiceWorker();
    await page.waitForFunction((end) => Date.now() > end, holdUntil ?? 0, {
      polling: 100,
      timeout: 20_000,
    });
    expect(await ordersOnService()).toBe(before);

    // The next event starts a worker, which sends what is due.
    const stateOf = async () =>
      (await ask<{ order: { state: string } }>('order.get', { localId: draftId })).data?.order
        .state;
    await expect.poll(stateOf, { timeout: 20_000, interval: 250 }).toBe('processing');
    const events = (
      await ask<{ events: { to: string }[] }>('order.get', { localId: draftId })
    ).data?.events.map((event) => event.to);
    expect(events).toEqual(['held', 'sending', 'processing']);
    // The service has it once: a second send would carry the same idempotency key, and
    // the record went from sending to processing exactly once.
    expect(await ordersOnService()).toBe(before + 1);
  }, 60_000);
});
