import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../sandbox/index.ts';
import { MANAGED_ORDER } from '../fixtures.ts';
import { type LaunchedExtension, launchExtension, routeStorefronts } from './harness/index.ts';

// Only Buyline's own pages may talk to its background. A web page cannot reach it at
// all, and a script running inside a web page (a content script, or anything injected)
// is refused: neither gets the token or places an order.

let sandbox: RunningSandbox;
let extension: LaunchedExtension;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, processingMs: 200, control: true });
  // The test build may script storefront pages without a user gesture.
  extension = await launchExtension({ dist: 'dist-test' });
  await routeStorefronts(extension.context, sandbox.url);
}, 60_000);

afterAll(async () => {
  await extension?.close();
  await sandbox?.close();
});

const ORDER = MANAGED_ORDER;

describe('the message boundary', () => {
  it('gives a web page and a script inside it neither the token nor an order', async () => {
    const setup = await extension.openExtensionPage('src/options/index.html');
    await setup.evaluate(
      (url) =>
        chrome.runtime.sendMessage({
          buyline: 1,
          type: 'settings.update',
          payload: { patch: { serviceUrl: url } },
        }),
      sandbox.url,
    );
    await setup.evaluate(() =>
      chrome.runtime.sendMessage({ buyline: 1, type: 'token.set', payload: { token: 'sandbox' } }),
    );

    const page = await extension.context.newPage();
    await page.goto('https://www.amazon.com/dp/B0PLACES01');
    expect(await page.title()).toContain('Sandbox Test Item');

    // The page itself: the extension is not externally connectable.
    const fromPage = await page.evaluate(
      async ([id, order]) => {
        const runtime = (
          globalThis as {
            chrome?: { runtime?: { sendMessage?: (...args: unknown[]) => Promise<unknown> } };
          }
        ).chrome?.runtime;
        if (!runtime?.sendMessage) return 'no runtime';
        try {
          return JSON.stringify(
            await runtime.sendMessage(id, {
              buyline: 1,
              type: 'order.place',
              payload: { draftId: crypto.randomUUID(), request: order },
            }),
          );
        } catch (error) {
          return `refused: ${String(error)}`;
        }
      },
      [extension.extensionId, ORDER] as const,
    );
    expect(fromPage).toMatch(/no runtime|refused/);

    // A script injected into the page runs as the extension, with the page's URL.
    const worker = await extension.serviceWorker();
    const fromScript = (await worker.evaluate(async (order) => {
      const [tab] = await chrome.tabs.query({ url: 'https://www.amazon.com/*' });
      const results = await chrome.scripting.executeScript({
        target: { tabId: tab?.id as number },
        args: [order],
        func: async (request) => {
          const status = await chrome.runtime.sendMessage({
            buyline: 1,
            type: 'token.status',
            payload: {},
          });
          const placed = await chrome.runtime.sendMessage({
            buyline: 1,
            type: 'order.place',
            payload: { draftId: crypto.randomUUID(), request },
          });
          const settings = await chrome.runtime.sendMessage({
            buyline: 1,
            type: 'settings.get',
            payload: {},
          });
          return { status, placed, settings };
        },
      });
      return results[0]?.result;
    }, ORDER)) as Record<string, { ok: boolean; error?: { message: string } }>;
    for (const reply of Object.values(fromScript)) {
      expect(reply).toEqual({
        ok: false,
        error: { kind: 'refused', message: 'Refused: Buyline answers only its own pages.' },
      });
    }

    // Nor can such a script read the token from storage: local storage is kept to the
    // extension's own pages (setAccessLevel TRUSTED_CONTEXTS at start-up).
    const fromStorage = (await worker.evaluate(async () => {
      const [tab] = await chrome.tabs.query({ url: 'https://www.amazon.com/*' });
      const results = await chrome.scripting.executeScript({
        target: { tabId: tab?.id as number },
        func: async () => {
          try {
            const local = await chrome.storage.local.get(null);
            return { read: JSON.stringify(local) };
          } catch (error) {
            return { error: String(error) };
          }
        },
      });
      return results[0]?.result;
    })) as { read?: string; error?: string };
    expect(fromStorage.read).toBeUndefined();
    expect(fromStorage.error).toMatch(/not allowed|access/i);
    // The worker itself still reads it (the token is sealed there: secrets-at-rest.test.ts).
    expect(
      await worker.evaluate(async () => Object.keys(await chrome.storage.local.get(null))),
    ).toContain('sealedServiceToken');

    // Buyline's own page still gets answers, and its order reaches the service: once it
    // is there, anything the refused scripts had sent before it would be there too.
    const own = (await setup.evaluate(
      (order) =>
        chrome.runtime
          .sendMessage({
            buyline: 1,
            type: 'settings.update',
            payload: { patch: { holdSeconds: 0 } },
          })
          .then(() =>
            chrome.runtime.sendMessage({
              buyline: 1,
              type: 'order.place',
              payload: { draftId: crypto.randomUUID(), request: order },
            }),
          ),
      ORDER,
    )) as { ok: boolean };
    expect(own.ok).toBe(true);
    const ordersOnService = async () => {
      const state = (await (await fetch(`${sandbox.url}/_control/state`)).json()) as {
        tokens: Record<string, { orders: number }>;
      };
      return state.tokens.sandbox?.orders ?? 0;
    };
    await expect.poll(ordersOnService, { timeout: 20_000, interval: 200 }).toBe(1);
  }, 60_000);
});
