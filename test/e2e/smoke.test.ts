import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../sandbox/index.ts';
import { type LaunchedExtension, launchExtension, routeStorefronts } from './harness/index.ts';

// The builds load in Debian's Chromium: the worker starts, the pages render, nothing is
// refused by the extension's CSP (zod runs jitless, so there is no eval probe), and the
// popup opens over a storefront tab the way every later popup test opens it.

describe('the shipped build in Chromium', () => {
  let extension: LaunchedExtension;

  beforeAll(async () => {
    extension = await launchExtension({ dist: 'dist' });
  }, 60_000);

  afterAll(async () => {
    await extension?.close();
  });

  it('starts its service worker', async () => {
    const worker = await extension.serviceWorker();
    expect(worker.url()).toBe(`chrome-extension://${extension.extensionId}/background.js`);
  });

  it('renders the popup and the options page with no console error and no CSP violation', async () => {
    const popup = await extension.openExtensionPage('src/popup/index.html');
    await popup.getByRole('heading', { name: 'Buyline' }).waitFor({ timeout: 10_000 });
    const options = await extension.openExtensionPage('src/options/index.html');
    await options.getByRole('heading', { name: 'Buyline options' }).waitFor({ timeout: 10_000 });
    expect(await extension.settleProblems()).toEqual([]);
  });

  it('answers its own pages through the background', async () => {
    const page = await extension.openExtensionPage('src/options/index.html');
    const ask = (type: string) =>
      page.evaluate(
        (t) => chrome.runtime.sendMessage({ buyline: 1, type: t, payload: {} }),
        type,
      ) as Promise<{ ok: boolean; data: any }>;
    const settings = await ask('settings.get');
    expect(settings.ok).toBe(true);
    expect(settings.data.serviceUrl).toBe('http://127.0.0.1:8787');
    // Out of the box the extension holds the sandbox's token.
    expect((await ask('token.status')).data.set).toBe(true);
  });
});

describe('the test build over a storefront tab', () => {
  let sandbox: RunningSandbox;
  let extension: LaunchedExtension;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 });
    extension = await launchExtension({ dist: 'dist-test' });
    await routeStorefronts(extension.context, sandbox.url);
  }, 60_000);

  afterAll(async () => {
    await extension?.close();
    await sandbox?.close();
  });

  it('opens the real popup over a product page at its storefront address, and it reads the page', async () => {
    const catalog = (await (await fetch(`${sandbox.url}/demo/catalog.json`)).json()) as {
      products: { retailer: string; title: string; url: string }[];
    };
    const product = catalog.products.find((entry) => entry.retailer === 'amazon');
    if (!product) throw new Error('The sandbox catalog has no amazon product.');
    const tab = await extension.context.newPage();
    await tab.goto(product.url);
    expect(tab.url()).toBe(product.url);
    await tab.bringToFront();

    const popup = await extension.openPopupOnActiveTab();
    expect(popup.url()).toBe(extension.extensionUrl('src/popup/index.html'));
    await popup.getByRole('heading', { name: 'Buyline' }).waitFor({ timeout: 10_000 });
    // The title comes from the page in the tab, so the popup saw the tab's address and
    // could run its page reader there: the test build's storefront access works.
    await popup.getByText(product.title).first().waitFor({ timeout: 10_000 });
    expect(await extension.settleProblems()).toEqual([]);
  });
});
