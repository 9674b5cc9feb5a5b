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
import { type ExtensionProblem, watchExtensionProblems } from './extension-problems.ts';
import { freePort } from './free-port.ts';
import { popupOpener } from './open-popup.ts';
import { serviceWorker, stopServiceWorker } from './service-worker.ts';

export interface LaunchOptions {
  /** The built extension: 'dist' (shipped build) or 'dist-test' (test build), or a path. */
  dist: string;
}

export interface LaunchedExtension {
  context: BrowserContext;
  /** The same browser through CDP: the popup is one of its pages. */
  cdpBrowser: Browser;
  extensionId: string;
  /** Console errors, uncaught errors and CSP violations of extension pages and the worker. */
  problems: ExtensionProblem[];
  /** The problems up to now, once everything already reported has arrived. */
  settleProblems(): Promise<ExtensionProblem[]>;
  /** The running worker; a stopped one is started by a message first. */
  serviceWorker(): Promise<Worker>;
  extensionUrl(path: string): string;
  openExtensionPage(path: string): Promise<Page>;
  /** Opens the real popup (or another page set as the popup) over the active tab. */
  openPopupOnActiveTab(path?: string): Promise<Page>;
  /** Stops the service worker (its globals are gone); the next event starts a fresh one. */
  stopServiceWorker(): Promise<void>;
  /** Closes the browser and removes its profile. */
  close(): Promise<void>;
}

/** Chromium's flags for a headless browser with an unpacked build and a CDP port. */
export function chromiumArgs(dist: string, port: number): string[] {
  return [
    '--headless=new',
    '--no-sandbox',
    `--disable-extensions-except=${dist}`,
    `--load-extension=${dist}`,
    // Without these Chromium keeps trying to reach the internet and logs errors.
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-gpu',
    `--remote-debugging-port=${port}`,
  ];
}

/**
 * What a test is given of a launched browser with the extension; `afterClose` runs once
 * the browser is closed (removing a throwaway profile).
 */
export function extensionHandle(
  ctx: BrowserContext,
  cdp: Browser,
  launched: {
    extensionId: string;
    cdpUrl: string;
    watch: Awaited<ReturnType<typeof watchExtensionProblems>>;
  },
  afterClose: () => Promise<void> = async () => undefined,
): LaunchedExtension {
  const { extensionId, cdpUrl, watch } = launched;
  const popups = popupOpener({ context: ctx, extensionId, cdpUrl, browser: cdp });
  const extensionUrl = (path: string) =>
    `chrome-extension://${extensionId}/${path.replace(/^\//, '')}`;
  return {
    context: ctx,
    cdpBrowser: cdp,
    extensionId,
    problems: watch.problems,
    settleProblems: () => watch.settle(),
    serviceWorker: () => serviceWorker(cdp, ctx, extensionId),
    extensionUrl,
    async openExtensionPage(path) {
      const page = await ctx.newPage();
      await page.goto(extensionUrl(path));
      return page;
    },
    openPopupOnActiveTab: (path = 'src/popup/index.html') => popups.open(extensionUrl(path)),
    stopServiceWorker: () => stopServiceWorker(cdp, extensionId),
    async close() {
      await popups.close();
      await watch.close();
      await cdp.close().catch(() => undefined);
      await ctx.close().catch(() => undefined);
      await afterClose();
    },
  };
}

/**
 * Launches Debian's Chromium with a built extension, headless, in a fresh profile, the
 * way shared/notes/e2e-in-chromium.md says works on these machines.
 */
export async function launchExtension(options: LaunchOptions): Promise<LaunchedExtension> {
  const executablePath = findChromium();
  const dist = resolve(options.dist);
  const userDataDir = await mkdtemp(join(tmpdir(), 'buyline-e2e-'));
  const port = await freePort();
  const cdpUrl = `http://127.0.0.1:${port}`;
  let context: BrowserContext | undefined;
  let cdpBrowser: Browser | undefined;
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath,
      headless: true,
      args: chromiumArgs(dist, port),
    });
    const first =
      context.serviceWorkers()[0] ??
      (await context.waitForEvent('serviceworker', { timeout: 15_000 }));
    const extensionId = new URL(first.url()).host;
    cdpBrowser = await chromium.connectOverCDP(cdpUrl);
    const watch = await watchExtensionProblems(cdpBrowser, extensionId);
    return extensionHandle(context, cdpBrowser, { extensionId, cdpUrl, watch }, () =>
      rm(userDataDir, { recursive: true, force: true, maxRetries: 3 }),
    );
  } catch (error) {
    // A launch that fails half way must not leave a browser or a profile behind.
    await cdpBrowser?.close().catch(() => undefined);
    await context?.close().catch(() => undefined);
    await rm(userDataDir, { recursive: true, force: true, maxRetries: 3 });
    throw error;
  }
}
