import { readdir, readFile, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../sandbox/index.ts';
import { MANAGED_ORDER } from '../fixtures.ts';
import {
  askBackground,
  HOME_ADDRESS,
  type LaunchedExtension,
  launchExtension,
  routeStorefronts,
  setUpThroughOptions,
} from './harness/index.ts';

// Secrets at rest, in a real profile: after a token is saved and an order placed, no
// file of the profile holds the token in clear, sync storage holds no webhook address,
// and a script Buyline injects into a web page can read neither local nor sync storage.

// A token only this test uses, which the sandbox accepts: any trace of it is a leak.
const TOKEN = 'tok_atrest_Q7v3Kp9Zx2Lm';
const HOOK_SECRET = 'whsec_atrest_R4n8Tb6Yc1';
const HOOK = `https://hooks.example.com/buyline?key=${HOOK_SECRET}`;
// Written on purpose, to show that the scan finds what is there: in local and sync
// storage, and (as an order's title) in the history's IndexedDB.
const LOCAL_CANARY = 'canary_local_J5w2Hq8Ds3';
const SYNC_CANARY = 'canary_sync_U9e4Fz7Ka6';
const TITLE_CANARY = 'Canary Desk Lamp Xv8Nq3';

let sandbox: RunningSandbox;
let extension: LaunchedExtension;
let profile: string;

const ask = askBackground;

/** Every file under a folder, with its path. */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The profile's files that hold a text, as UTF-8, UTF-16 (V8's strings) or base64. */
async function filesHolding(text: string): Promise<string[]> {
  const needles = [
    Buffer.from(text, 'utf8'),
    Buffer.from(text, 'utf16le'),
    // The Authorization header's form: base64 of "token:".
    Buffer.from(Buffer.from(`${text}:`).toString('base64').replace(/=+$/, ''), 'utf8'),
  ];
  const found: string[] = [];
  for (const file of await filesUnder(profile)) {
    const bytes = await readFile(file).catch(() => undefined);
    if (bytes && needles.some((needle) => bytes.includes(needle)))
      found.push(relative(profile, file));
  }
  return found;
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, processingMs: 200, control: true, tokens: [TOKEN] });
  extension = await launchExtension({ dist: 'dist-test' });
  await routeStorefronts(extension.context, sandbox.url);
  // The profile's folder, as the browser names it.
  const about = await extension.context.newPage();
  await about.goto('chrome://version');
  profile = (await about.locator('#profile_path').textContent())?.trim() ?? '';
  await about.close();
  await setUpThroughOptions(extension, {
    serviceUrl: sandbox.url,
    address: HOME_ADDRESS,
    token: TOKEN,
    holdSeconds: 0,
  });
}, 90_000);

afterAll(async () => {
  await extension?.close().catch(() => undefined);
  await sandbox?.close();
  // The test closes the browser itself to read the profile; the profile goes here.
  if (profile) await rm(profile, { recursive: true, force: true, maxRetries: 3 });
});

describe('secrets at rest in a real profile', () => {
  it('keeps local and sync storage from a script injected into a web page', async () => {
    const options = await extension.openExtensionPage('src/options/index.html');
    await ask(options, 'settings.update', { patch: { webhooks: { request_succeeded: HOOK } } });
    await options.close();
    const tab = await extension.context.newPage();
    await tab.goto('https://www.amazon.com/dp/B0PLACES01');

    const worker = await extension.serviceWorker();
    const injected = (await worker.evaluate(async () => {
      const [tab] = await chrome.tabs.query({ url: 'https://www.amazon.com/*' });
      const read = async (world: 'ISOLATED' | 'MAIN') => {
        const [result] = await chrome.scripting.executeScript({
          target: { tabId: tab?.id as number },
          world,
          func: async () => {
            const storage = (globalThis as { chrome?: typeof chrome }).chrome?.storage;
            const attempt = async (area: 'local' | 'sync') => {
              if (!storage?.[area]) return 'no storage API';
              try {
                return `read: ${JSON.stringify(await storage[area].get(null))}`;
              } catch (error) {
                return `refused: ${String(error)}`;
              }
            };
            return { local: await attempt('local'), sync: await attempt('sync') };
          },
        });
        return result?.result as { local: string; sync: string };
      };
      return { isolated: await read('ISOLATED'), main: await read('MAIN') };
    })) as Record<'isolated' | 'main', { local: string; sync: string }>;
    // The extension's own world in the page has the storage API, and is refused.
    expect(injected.isolated.local).toMatch(/^refused: .*(not allowed|access)/i);
    expect(injected.isolated.sync).toMatch(/^refused: .*(not allowed|access)/i);
    // The page's own world has no extension API at all.
    expect(injected.main).toEqual({ local: 'no storage API', sync: 'no storage API' });

    // The worker itself reads both.
    const own = (await worker.evaluate(async () => ({
      local: Object.keys(await chrome.storage.local.get(null)),
      sync: Object.keys(await chrome.storage.sync.get(null)),
    }))) as { local: string[]; sync: string[] };
    expect(own.local).toContain('sealedServiceToken');
    expect(own.local).toContain('webhooks');
    expect(own.sync).toContain('settings');
    await tab.close();
  }, 60_000);

  it('holds the token nowhere in clear in the profile after an order, nor a webhook in sync', async () => {
    const options = await extension.openExtensionPage('src/options/index.html');
    const placed = await ask(options, 'order.place', {
      draftId: crypto.randomUUID(),
      request: MANAGED_ORDER,
      title: TITLE_CANARY,
    });
    expect(placed).toMatchObject({ placed: true });
    const ordersAtService = async () => {
      const state = (await (await fetch(`${sandbox.url}/_control/state`)).json()) as {
        tokens: Record<string, { orders: number }>;
      };
      return state.tokens[TOKEN]?.orders ?? 0;
    };
    await expect.poll(ordersAtService, { timeout: 20_000, interval: 200 }).toBe(1);
    await expect
      .poll(async () => (await ask(options, 'orders.query', { limit: 1 }))[0]?.state, {
        timeout: 20_000,
        interval: 200,
      })
      .toBe('placed');

    const worker = await extension.serviceWorker();
    await worker.evaluate(
      ([local, sync]) =>
        Promise.all([
          chrome.storage.local.set({ scanCanary: local }),
          chrome.storage.sync.set({ scanCanary: sync }),
        ]),
      [LOCAL_CANARY, SYNC_CANARY] as const,
    );
    // Closing the browser writes out everything it keeps.
    await extension.context.close();

    const extensionFolders = (await filesUnder(profile)).map((file) => relative(profile, file));
    expect(extensionFolders.some((file) => file.includes('Local Extension Settings'))).toBe(true);
    expect(extensionFolders.some((file) => file.includes('IndexedDB'))).toBe(true);
    // The scan finds what is there in each store...
    expect((await filesHolding(LOCAL_CANARY)).join(' ')).toContain('Local Extension Settings');
    expect((await filesHolding(SYNC_CANARY)).join(' ')).toContain('Sync Extension Settings');
    expect((await filesHolding(TITLE_CANARY)).join(' ')).toContain('IndexedDB');
    // ...and no file holds the token, in any form, nor sync storage a webhook secret.
    expect(await filesHolding(TOKEN)).toEqual([]);
    const webhookFiles = await filesHolding(HOOK_SECRET);
    expect(webhookFiles.filter((file) => file.includes('Sync Extension Settings'))).toEqual([]);
    expect(webhookFiles.join(' ')).toContain('Local Extension Settings');
  }, 90_000);
});
