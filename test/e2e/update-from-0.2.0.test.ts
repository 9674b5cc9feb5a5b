import { execFileSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pkg from '../../package.json' with { type: 'json' };
import { ManualClock, type RunningSandbox, startSandbox } from '../../sandbox/index.ts';
import { compareVersions, PREVIOUS_RELEASE } from '../fixtures/releases/released.ts';
import {
  askBackground,
  HOME_ADDRESS,
  type LaunchedExtension,
  routeStorefronts,
  setUpThroughOptions,
} from './harness/index.ts';
import { launchPersistentExtension } from './harness/launch-persistent.ts';

// An update as a buyer gets it: the previous release (its test build, kept as an archive)
// is installed unpacked from one directory in a profile that outlives the browser, and
// filled through its own pages: the connection, an address, the vault, an order the
// retailer is still placing and a cancellation it is still deciding. The browser closes,
// this build takes the directory's place (as "Load unpacked" again, or a store update,
// does), and the same profile opens: everything is there, the order and the cancellation
// finish, nothing reaches the service twice, and no page shows an error.

const TOKEN = 'tok_update_3d9a41c7e2';
const PASSPHRASE = 'correct horse battery staple';
const PROCESSING_MS = 10 * 60_000;
const FIXTURE = resolve('test/fixtures/releases', PREVIOUS_RELEASE.testBuild ?? '');

let root: string;
let sandbox: RunningSandbox;
let extension: LaunchedExtension | undefined;
const posts: string[] = [];

const extensionDir = () => join(root, 'extension');
const profileDir = () => join(root, 'profile');

const launch = async () => {
  extension = await launchPersistentExtension({ dist: extensionDir(), userDataDir: profileDir() });
  await routeStorefronts(extension.context, sandbox.url);
  return extension;
};

async function atService(): Promise<{ orders: number; cancellations: number }> {
  const state = (await (await fetch(`${sandbox.url}/_control/state`)).json()) as {
    tokens: Record<string, { orders: number; cancellations: number }>;
  };
  return state.tokens[TOKEN] ?? { orders: 0, cancellations: 0 };
}

async function advanceSandbox(ms: number): Promise<void> {
  const moved = await fetch(`${sandbox.url}/_control/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advance_ms: ms }),
  });
  expect(moved.ok).toBe(true);
}

/** The real popup over a storefront tab. */
async function popupOn(launched: LaunchedExtension, url: string): Promise<Page> {
  const tab = await launched.context.newPage();
  await tab.goto(url);
  await tab.bringToFront();
  return launched.openPopupOnActiveTab();
}

interface Order {
  localId: string;
  productIds: string[];
  state: string;
  merchantOrderIds: string[];
}

const orderOf = (orders: Order[], productId: string) => {
  const found = orders.find((order) => order.productIds.includes(productId));
  if (!found) throw new Error(`No order of ${productId} in ${JSON.stringify(orders)}`);
  return found;
};

/** The state of an order, after the background read it from the service again. */
const refreshed = async (page: Page, localId: string): Promise<string | undefined> =>
  (await askBackground(page, 'order.refresh', { localId }))?.order.state;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'buyline-update-'));
  await mkdir(extensionDir());
  execFileSync('tar', ['-xzf', FIXTURE, '-C', extensionDir()]);
  sandbox = await startSandbox({
    port: 0,
    processingMs: PROCESSING_MS,
    control: true,
    seed: 7,
    tokens: [TOKEN],
    clock: new ManualClock(Date.now()),
    onRequest: ({ method, path }) => {
      if (method === 'POST') posts.push(path);
    },
  });
}, 60_000);

afterAll(async () => {
  await extension?.close();
  await sandbox?.close();
  if (root) await rm(root, { recursive: true, force: true, maxRetries: 3 });
});

describe(`an update from ${PREVIOUS_RELEASE.version} to ${pkg.version}`, () => {
  it('starts from the previous release’s build, whose version this one raises', async () => {
    const versionIn = async (dir: string) =>
      JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')).version as string;
    expect(await versionIn(extensionDir())).toBe(PREVIOUS_RELEASE.version);
    // Chromium keeps an installed build's files when the new one carries the same
    // version: the update below would then find no background at all.
    const next = await versionIn(resolve('dist-test'));
    expect(next, 'dist-test is not this version: run npm run build:test').toBe(pkg.version);
    expect(
      compareVersions(next, PREVIOUS_RELEASE.version),
      `${next} is not raised`,
    ).toBeGreaterThan(0);
  });

  it(`fills ${PREVIOUS_RELEASE.version} through its own pages, with an order and a cancellation under way`, async () => {
    const old = await launch();
    await setUpThroughOptions(old, {
      serviceUrl: sandbox.url,
      token: TOKEN,
      address: HOME_ADDRESS,
      holdSeconds: 0,
    });

    const options = await old.openExtensionPage('src/options/index.html');
    const vault = options.getByRole('region', { name: 'Own-account secrets' });
    await vault.getByLabel('New passphrase').fill(PASSPHRASE);
    await vault.getByLabel('Repeat passphrase').fill(PASSPHRASE);
    await vault.getByRole('button', { name: 'Create vault' }).click();
    await vault.getByText(/Vault unlocked/).waitFor({ timeout: 15_000 });
    await vault.getByLabel('Kind of secret').selectOption('payment');
    await vault.getByLabel('Name on card').fill('Jane Doe');
    await vault.getByLabel('Card number').fill('4242424242424242');
    await vault.getByLabel('Security code').fill('123');
    await vault.getByLabel('Expiration month').fill('12');
    await vault.getByLabel('Expiration year').fill('2031');
    await vault.getByRole('button', { name: 'Save secret' }).click();
    await vault.getByText('Saved: Visa ending 4242.').waitFor({ timeout: 10_000 });
    await vault.getByLabel('Kind of secret').selectOption('credentials');
    await vault.getByLabel('Retailer email').fill('jane@example.com');
    await vault.getByLabel('Retailer password').fill('retailer-secret-77');
    await vault.getByRole('button', { name: 'Save secret' }).click();
    await vault.getByText('Saved: jane@example.com on Amazon.').waitFor({ timeout: 10_000 });

    // The order to cancel: placed from the popup, and placed by the retailer.
    const first = await popupOn(old, 'https://www.amazon.com/dp/B0CANCELOK');
    await first.getByRole('button', { name: 'Place order' }).click({ timeout: 15_000 });
    await expect.poll(async () => (await atService()).orders, { timeout: 20_000 }).toBe(1);
    await first.close();
    await advanceSandbox(PROCESSING_MS);
    const toCancel = orderOf(await askBackground(options, 'orders.query', {}), 'B0CANCELOK');
    await expect
      .poll(() => refreshed(options, toCancel.localId), { timeout: 20_000, interval: 500 })
      .toBe('placed');

    // Its cancellation, from the popup's first screen in two clicks: sent, not decided.
    const second = await popupOn(old, 'https://www.amazon.com/dp/B0PLACES01');
    const recent = second.getByRole('region', { name: 'Recent orders you can cancel' });
    await recent
      .getByRole('button', { name: /^Cancel / })
      .first()
      .click({ timeout: 15_000 });
    await recent.getByRole('button', { name: /^Confirm cancellation of / }).click();
    await expect.poll(async () => (await atService()).cancellations, { timeout: 20_000 }).toBe(1);
    await recent.getByText(/^Cancellation requested/).waitFor({ timeout: 10_000 });
    await second.close();

    // The order in flight: at the service, which is still placing it.
    const third = await popupOn(old, 'https://www.amazon.com/dp/B0PLACES01');
    await third.getByRole('button', { name: 'Place order' }).click({ timeout: 15_000 });
    await expect.poll(async () => (await atService()).orders, { timeout: 20_000 }).toBe(2);
    await third.close();
    const inFlight = orderOf(await askBackground(options, 'orders.query', {}), 'B0PLACES01');
    await expect
      .poll(() => refreshed(options, inFlight.localId), { timeout: 20_000, interval: 500 })
      .toBe('processing');

    // What makes this an update from that release: the token in clear in storage.
    const stored = await options.evaluate(() => chrome.storage.local.get('serviceToken'));
    expect(stored.serviceToken).toBe(TOKEN);
    await options.close();
    await old.close();
    extension = undefined;
  }, 240_000);

  it('takes this build in the same directory and profile: everything is still there', async () => {
    await rm(extensionDir(), { recursive: true, force: true });
    await cp(resolve('dist-test'), extensionDir(), { recursive: true });
    const updated = await launch();
    const worker = await updated.serviceWorker();
    expect(await worker.evaluate(() => chrome.runtime.getManifest().version)).toBe(pkg.version);

    const options = await updated.openExtensionPage('src/options/index.html');
    const connection = options.getByRole('region', { name: 'Connection' });
    await connection.getByText('Token: set').waitFor({ timeout: 15_000 });
    expect(await connection.getByLabel('Service address').inputValue()).toBe(sandbox.url);
    await connection.getByRole('button', { name: 'Test connection' }).click();
    await connection.getByText(`Connected to ${sandbox.url}.`).waitFor({ timeout: 15_000 });
    const defaults = options.getByRole('region', { name: 'Order defaults' });
    await defaults.getByText(`${HOME_ADDRESS.label}: ${HOME_ADDRESS.address_line1}`).waitFor();
    const settings = await askBackground(options, 'settings.get');
    expect(settings).toMatchObject({ serviceUrl: sandbox.url, holdSeconds: 0, mode: 'managed' });
    expect(settings.addresses).toHaveLength(1);
    expect(settings.defaultAddressId).toBe(settings.addresses[0].id);

    // The vault: locked by the browser's restart, opened by the same passphrase, whole.
    const vault = options.getByRole('region', { name: 'Own-account secrets' });
    await vault.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
    await vault.getByLabel('Passphrase', { exact: true }).press('Enter');
    await vault.getByText(/Vault unlocked/).waitFor({ timeout: 15_000 });
    await expect
      .poll(() => vault.getByRole('listitem').allTextContents())
      .toEqual([
        expect.stringContaining('jane@example.com on Amazon'),
        expect.stringContaining('Visa ending 4242'),
      ]);

    // The token is sealed now, and Options says once what an earlier version left behind.
    const local = await options.evaluate(() => chrome.storage.local.get(null));
    expect(local.serviceToken).toBeUndefined();
    expect(JSON.stringify(local)).not.toContain(TOKEN);
    const notice = options.getByRole('region', { name: 'Your token was once stored unencrypted' });
    await notice.getByText(/An earlier version of Buyline stored your service token/).waitFor();
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => notice.count()).toBe(0);

    // The privacy policy the page links to ships in the build.
    const [policy] = await Promise.all([
      updated.context.waitForEvent('page'),
      options.getByRole('link', { name: /^Privacy policy/ }).click(),
    ]);
    await policy.getByRole('heading', { name: 'Buyline privacy policy' }).waitFor();
    await policy.close();
    expect(await options.getByRole('alert').allTextContents()).toEqual([]);
    await options.close();
  }, 120_000);

  it('finishes the order and the cancellation, with nothing sent twice and no error shown', async () => {
    const updated = extension as LaunchedExtension;
    const page = await updated.openExtensionPage('src/options/index.html');
    const orders: Order[] = await askBackground(page, 'orders.query', {});
    expect(orders).toHaveLength(2);
    const cancelled = orderOf(orders, 'B0CANCELOK');
    const inFlight = orderOf(orders, 'B0PLACES01');
    expect(cancelled.state).toBe('placed');
    expect(inFlight.state).toBe('processing');
    const detail = await askBackground(page, 'order.get', { localId: cancelled.localId });
    expect(detail.order.life.cancellation).toMatchObject({ underWay: true });

    // The retailer places the order and decides the cancellation; the background, which
    // follows both on its own schedule (its alarm, or a wake), learns each outcome. Only
    // reads are asked here: nothing makes it look sooner than it would.
    await advanceSandbox(12 * PROCESSING_MS);
    const stateOf = async (localId: string) =>
      (await askBackground(page, 'order.get', { localId }))?.order.state;
    await expect
      .poll(() => stateOf(inFlight.localId), { timeout: 120_000, interval: 1_000 })
      .toBe('placed');
    await expect
      .poll(() => stateOf(cancelled.localId), { timeout: 120_000, interval: 1_000 })
      .toBe('cancelled');

    // Search finds the old orders, by part of a merchant order id.
    const merchantId = cancelled.merchantOrderIds[0] ?? '';
    expect(merchantId).not.toBe('');
    await expect
      .poll(
        async () =>
          (await askBackground(page, 'orders.search', { search: merchantId.slice(-7) })).orders.map(
            (order: Order) => order.localId,
          ),
        { timeout: 20_000, interval: 500 },
      )
      .toEqual([cancelled.localId]);

    // The popup shows both, with their true states and no error.
    const popup = await popupOn(updated, 'https://www.amazon.com/dp/B0PLACES01');
    await popup.getByRole('button', { name: 'Place order' }).waitFor({ timeout: 15_000 });
    expect(await popup.getByRole('alert').allTextContents()).toEqual([]);
    await popup.close();

    // Two orders and one cancellation, each sent once, before and after the update.
    expect(await atService()).toEqual({ orders: 2, cancellations: 1 });
    expect(posts.filter((path) => path === '/v1/orders')).toHaveLength(2);
    expect(posts.filter((path) => path.endsWith('/cancel'))).toHaveLength(1);
    expect(await updated.settleProblems()).toEqual([]);
    await page.close();
  }, 300_000);
});
