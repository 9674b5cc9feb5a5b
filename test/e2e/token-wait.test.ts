import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../sandbox/index.ts';
import { type LaunchedExtension, launchExtension, routeStorefronts } from './harness/index.ts';
import { HOME } from './journey-popup-setup.ts';

// A refused token never strands an order: placed from the popup while the service
// rejects Buyline's token, the order waits and says so; once the buyer saves a working
// token in Options it goes out exactly once, and reads placed in the popup.

const WORKING_TOKEN = 'fresh-token';
let sandbox: RunningSandbox;
let extension: LaunchedExtension;
const orderPosts: string[] = [];
let helper: Page | undefined;

async function ask<T>(type: string, payload: unknown = {}): Promise<T> {
  helper ??= await extension.openExtensionPage('src/bulk/index.html');
  const reply = (await helper.evaluate(
    ([t, p]) => chrome.runtime.sendMessage({ buyline: 1, type: t, payload: p }),
    [type, payload] as const,
  )) as { ok: boolean; data: T; error?: unknown };
  if (!reply.ok) throw new Error(`${type} was refused: ${JSON.stringify(reply.error)}`);
  return reply.data;
}

beforeAll(async () => {
  // The sandbox knows only the new token: the one Buyline holds is rejected (401).
  sandbox = await startSandbox({
    port: 0,
    processingMs: 300,
    control: true,
    seed: 5,
    tokens: [WORKING_TOKEN],
    onRequest: ({ method, path }) => {
      if (method === 'POST' && path === '/v1/orders') orderPosts.push(path);
    },
  });
  extension = await launchExtension({ dist: 'dist-test' });
  await routeStorefronts(extension.context, sandbox.url);
  await ask('settings.update', {
    patch: {
      serviceUrl: sandbox.url,
      addresses: [{ id: 'home', label: 'Home', address: HOME }],
      defaultAddressId: 'home',
      holdSeconds: 0,
    },
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
  return state.tokens[WORKING_TOKEN]?.orders ?? 0;
}

const status = (popup: Page) =>
  popup
    .getByRole('status')
    .first()
    .textContent({ timeout: 2_000 })
    .catch(() => '');

describe('an order placed with a rejected token', () => {
  it('waits for a working token, then goes out exactly once after it is saved', async () => {
    const tab = await extension.context.newPage();
    await tab.goto('https://www.amazon.com/dp/B0PLACES01');
    await tab.bringToFront();
    const popup = await extension.openPopupOnActiveTab();
    const place = popup.getByRole('button', { name: 'Place order' });
    await place.waitFor({ timeout: 15_000 });
    await place.click();
    await expect
      .poll(() => status(popup), { timeout: 20_000 })
      .toMatch(/^Waiting for a working token/);
    expect(orderPosts).toHaveLength(1);
    expect(await ordersAtService()).toBe(0);
    expect(await ask('orders.awaitingToken')).toEqual({ count: 1 });

    await popup.close();
    // The buyer saves the working token in Options.
    const options = await extension.openExtensionPage('src/options/index.html');
    const connection = options.getByRole('region', { name: 'Connection' });
    await connection.getByLabel(/^(Replace token|Token)$/).fill(WORKING_TOKEN);
    await connection.getByRole('button', { name: 'Save token' }).click();
    await connection
      .getByText(`Connected to ${sandbox.url}.`)
      .waitFor({ state: 'visible', timeout: 15_000 });

    const states = async () =>
      (await ask<{ state: string }[]>('orders.query', {})).map((order) => order.state);
    await expect.poll(states, { timeout: 30_000 }).toEqual(['placed']);
    // Sent once more, under its same key: one order at the service.
    expect(orderPosts).toHaveLength(2);
    expect(await ordersAtService()).toBe(1);
    expect(await ask('orders.awaitingToken')).toEqual({ count: 0 });
    await options.close();
  }, 90_000);
});
