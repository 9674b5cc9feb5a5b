import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  type Browser,
  type BrowserContext,
  chromium,
  type Page,
  type Worker,
} from 'playwright-core';
import { findChromium } from '../../../sandbox/browser/chromium.ts';
import { freePort } from './free-port.ts';

export { findChromium } from '../../../sandbox/browser/chromium.ts';
export { routeStorefronts } from '../../../sandbox/browser/route-storefronts.ts';

export interface LaunchOptions {
  /** The built extension: 'dist' (shipped) or 'dist-test' (test build). */
  dist: 'dist' | 'dist-test';
}

export interface LaunchedExtension {
  context: BrowserContext;
  /** The same browser through CDP: the popup is one of its pages. */
  cdpBrowser: Browser;
  extensionId: string;
  /** Console errors and CSP violations seen on extension pages and in the worker. */
  problems: string[];
  serviceWorker(): Promise<Worker>;
  extensionUrl(path: string): string;
  openExtensionPage(path: string): Promise<Page>;
  /** Opens the real popup (or another page set as the popup) over the active tab. */
  openPopupOnActiveTab(path?: string): Promise<Page>;
  /** Stops the service worker (its globals are gone); the next event starts a fresh one. */
  stopServiceWorker(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Launches Debian's Chromium with the built extension, the way the notes in
 * shared/notes/e2e-in-chromium.md say works on these machines.
 */
export async function launchExtension(options: LaunchOptions): Promise<LaunchedExtension> {
  const executablePath = findChromium();
  const dist = resolve(options.dist);
  const userDataDir = await mkdtemp(join(tmpdir(), 'buyline-e2e-'));
  const port = await freePort();
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath,
    headless: true,
    args: [
      '--headless=new',
      '--no-sandbox',
      `--disable-extensions-except=${dist}`,
      `--load-extension=${dist}`,
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-gpu',
      `--remote-debugging-port=${port}`,
    ],
  });
  const problems: string[] = [];
  const watch = (page: Page) => {
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
  };
  context.on('page', watch);

  let worker =
    context.serviceWorkers()[0] ??
    (await context.waitForEvent('serviceworker', { timeout: 15_000 }));
  const extensionId = new URL(worker.url()).host;
  const cdpBrowser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const popupConnections: Browser[] = [];
  const extensionUrl = (path: string) =>
    `chrome-extension://${extensionId}/${path.replace(/^\//, '')}`;

  const serviceWorker = async (): Promise<Worker> => {
    const live = context
      .serviceWorkers()
      .find((candidate) => candidate.url().includes(extensionId));
    if (live) {
      worker = live;
      return live;
    }
    worker = await context.waitForEvent('serviceworker', { timeout: 30_000 });
    return worker;
  };

  /**
   * Chromium stops an idle worker, and a handle to a stopped worker never answers. So
   * the popup is asked for with a deadline; when it passes, a message from an
   * extension page wakes the worker and the newest worker is asked again.
   */
  const openPopupFromWorker = async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const workers = context
        .serviceWorkers()
        .filter((candidate) => candidate.url().includes(extensionId));
      const current = workers.at(-1) ?? (await serviceWorker());
      const opened = await Promise.race([
        current.evaluate(() => chrome.action.openPopup()).then(() => true),
        new Promise<boolean>((done) => setTimeout(() => done(false), 3_000)),
      ]).catch(() => false);
      if (opened) return;
      const waker = await context.newPage();
      const woken = context
        .waitForEvent('serviceworker', { timeout: 5_000 })
        .catch(() => undefined);
      await waker.goto(extensionUrl('src/options/index.html'));
      await waker.evaluate(() =>
        chrome.runtime.sendMessage({ buyline: 1, type: 'token.status', payload: {} }),
      );
      worker = (await woken) ?? worker;
      await waker.close();
    }
    throw new Error('The service worker did not open the popup.');
  };

  return {
    context,
    cdpBrowser,
    extensionId,
    problems,
    serviceWorker,
    extensionUrl,
    async openExtensionPage(path) {
      const page = await context.newPage();
      await page.goto(extensionUrl(path));
      return page;
    },
    async openPopupOnActiveTab(path = 'src/popup/index.html') {
      const popupUrl = extensionUrl(path);
      const popupTargets = async () => {
        const session = await cdpBrowser.newBrowserCDPSession();
        const { targetInfos } = (await session.send('Target.getTargets')) as {
          targetInfos: { targetId: string; url: string }[];
        };
        await session.detach();
        return targetInfos
          .filter((info) => info.url.startsWith(popupUrl))
          .map((info) => info.targetId);
      };
      // Every CDP connection holds new targets until it lets them run; a connection
      // left from an earlier popup can stall the next one, so only one is kept.
      for (const connection of popupConnections.splice(0))
        await connection.close().catch(() => undefined);
      const before = new Set(await popupTargets());
      await openPopupFromWorker();
      // Playwright attaches to the pages that exist when it connects, so a fresh CDP
      // connection is made once the popup is open; a popup still closing from before
      // is told apart by its target id.
      for (let waited = 0; waited < 10_000; waited += 200) {
        const fresh = (await popupTargets()).find((id) => !before.has(id));
        if (fresh) {
          const connection = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
          for (const page of connection.contexts().flatMap((ctx) => ctx.pages())) {
            if (!page.url().startsWith(popupUrl)) continue;
            const session = await page.context().newCDPSession(page);
            const { targetInfo } = (await session.send('Target.getTargetInfo')) as {
              targetInfo: { targetId: string };
            };
            await session.detach();
            if (targetInfo.targetId !== fresh) continue;
            popupConnections.push(connection);
            // One connection per popup; it goes with its popup.
            page.once('close', () => void connection.close().catch(() => undefined));
            watch(page);
            await page.waitForLoadState('domcontentloaded', { timeout: 10_000 });
            return page;
          }
          await connection.close();
        }
        await new Promise((done) => setTimeout(done, 200));
      }
      throw new Error('The popup did not open within 10 s.');
    },
    async stopServiceWorker() {
      const session = await cdpBrowser.newBrowserCDPSession();
      const { targetInfos } = (await session.send('Target.getTargets')) as {
        targetInfos: { targetId: string; type: string; url: string }[];
      };
      const target = targetInfos.find(
        (info) => info.type === 'service_worker' && info.url.includes(extensionId),
      );
      if (!target) throw new Error('No service worker of the extension is running.');
      await session.send('Target.closeTarget', { targetId: target.targetId });
      for (let waited = 0; waited < 10_000; waited += 100) {
        const { targetInfos: now } = (await session.send('Target.getTargets')) as {
          targetInfos: { targetId: string }[];
        };
        if (!now.some((info) => info.targetId === target.targetId)) break;
        await new Promise((done) => setTimeout(done, 100));
      }
      await session.detach();
    },
    async close() {
      for (const connection of popupConnections) await connection.close().catch(() => undefined);
      await cdpBrowser.close().catch(() => undefined);
      await context.close().catch(() => undefined);
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}
