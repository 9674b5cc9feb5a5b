import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GECKO_ID } from '../../../scripts/manifest-for.ts';
import { type ShownAlert, watchAlerts } from './alerts.ts';
import {
  backgroundState,
  type FirefoxWithBuyline,
  launchBuyline,
  popupBehindTab,
  terminateBackground,
} from './index.ts';
import { type FirefoxProblem, watchProblems } from './problems.ts';

// The Firefox tests rely on what this harness claims to see; here it must see it, with
// a throwaway extension under Buyline's id and CSP that does each thing on purpose.

const BROKEN = (where: string) =>
  `setTimeout(() => { throw new Error('${where}: uncaught'); }, 0);\n`;

const FILES: Record<string, string> = {
  'manifest.json': JSON.stringify({
    manifest_version: 3,
    name: 'Broken on purpose',
    version: '1',
    background: { scripts: ['background.js'], type: 'module' },
    action: { default_popup: 'src/popup/index.html' },
    permissions: ['notifications', 'activeTab'],
    content_security_policy: { extension_pages: "script-src 'self'; object-src 'none'" },
    browser_specific_settings: {
      gecko: { id: GECKO_ID, data_collection_permissions: { required: ['none'] } },
    },
  }),
  'background.js': `${BROKEN('background')}
browser.runtime.onMessage.addListener(async (message) => {
  if (message === 'notify') return browser.notifications.create('harness-note', { type: 'basic', title: 'Hello', message: 'From the background' });
  if (message === 'active-tab') return (await browser.tabs.query({ active: true, currentWindow: true }))[0]?.url ?? null;
});`,
  'page.html':
    '<!doctype html><title>Page</title><script src="page.js"></script><script>1</script>',
  'page.js': BROKEN('page'),
  'src/popup/index.html': '<!doctype html><title>Popup</title><h1>Popup</h1>',
};

let dir: string;
let ff: FirefoxWithBuyline;
let problems: () => Promise<FirefoxProblem[]>;
let alerts: () => Promise<ShownAlert[]>;
let site: Server;
let siteUrl: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'buyline-broken-firefox-'));
  await mkdir(join(dir, 'src/popup'), { recursive: true });
  for (const [path, text] of Object.entries(FILES)) await writeFile(join(dir, path), text);
  site = createServer((_request, response) => response.end('<!doctype html><title>Shop</title>'));
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/item`;
  ff = await launchBuyline(dir);
  problems = await watchProblems(ff);
  alerts = await watchAlerts(ff);
}, 60_000);

afterAll(async () => {
  await ff?.close();
  await new Promise((resolve) => site?.close(resolve));
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let tries = 0; tries < 50 && !done(value); tries++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

describe('the Firefox harness', () => {
  it('sees uncaught errors and CSP violations of pages and of the background page', async () => {
    const page = await ff.openExtensionPage('page.html');
    const seen = await until(problems, (list) => list.some((p) => p.text.includes('page:')));
    expect(seen).toContainEqual({
      kind: 'uncaught',
      url: ff.extensionUrl('page.js'),
      text: 'Error: page: uncaught',
    });
    expect(seen).toContainEqual({
      kind: 'csp-violation',
      url: ff.extensionUrl('page.html'),
      text: expect.stringContaining('blocked an inline script'),
    });
    // The background's error came before the watcher started; a new background's is seen.
    await terminateBackground(ff);
    await page.evaluate(() => chrome.runtime.sendMessage('wake'));
    const after = await until(problems, (list) => list.some((p) => p.text.includes('background:')));
    expect(after.filter((p) => p.text === 'Error: background: uncaught')).toEqual([
      {
        kind: 'uncaught',
        url: ff.extensionUrl('background.js'),
        text: 'Error: background: uncaught',
      },
    ]);
    await page.close();
  });

  it('records each notification the extension raises, with its buttons counted', async () => {
    const page = await ff.openExtensionPage('page.html');
    expect(await page.evaluate(() => chrome.runtime.sendMessage('notify'))).toBe('harness-note');
    expect(await alerts()).toEqual([
      { name: 'harness-note', title: 'Hello', text: 'From the background', actions: 0 },
    ]);
    await page.close();
  });

  it('stops the background page, and the next message starts a new one', async () => {
    const page = await ff.openExtensionPage('page.html');
    await page.evaluate(() => chrome.runtime.sendMessage('wake'));
    expect(await backgroundState(ff)).toBe('running');
    await terminateBackground(ff);
    expect(await backgroundState(ff)).toBe('stopped');
    await page.evaluate(() => chrome.runtime.sendMessage('wake'));
    expect(await backgroundState(ff)).toBe('running');
    await page.close();
  });

  it('clicks the toolbar button through Firefox, which grants activeTab on the tab in front', async () => {
    const tab = await ff.browser.newPage();
    await tab.goto(siteUrl);
    const before = await ff.openExtensionPage('page.html');
    await tab.bringToFront();
    // No host permission: without the click the tab's address is hidden.
    expect(await before.evaluate(() => chrome.runtime.sendMessage('active-tab'))).toBeNull();
    await before.close();

    const popup = await popupBehindTab(ff, tab);
    expect(await popup.evaluate(() => document.title)).toBe('Popup');
    expect(await popup.evaluate(() => chrome.runtime.sendMessage('active-tab'))).toBe(siteUrl);
    await popup.close();
    await tab.close();
  });
});
