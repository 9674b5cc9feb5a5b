import { type BrowserContext, chromium } from 'playwright-core';
import { findChromium } from '../../sandbox/browser/chromium.ts';
import { routeStorefronts } from '../../sandbox/browser/route-storefronts.ts';
import { SANDBOX_URL } from '../../src/shared/settings.ts';
import { firstDemoProduct } from './demo-product.ts';
import type { OpenedBrowser } from './opened-browser.ts';

/** Chromium with Buyline from `dist`, set to the sandbox, on a demo product page. */
export async function openChromium(
  dist: string,
  sandboxUrl: string,
  profile: string,
): Promise<OpenedBrowser> {
  const context: BrowserContext = await chromium.launchPersistentContext(profile, {
    executablePath: findChromium(),
    // Only the script's own tests ask for a headless run; people get a window.
    headless: process.env.BUYLINE_START_HEADLESS === '1',
    viewport: null,
    // Ctrl-C is this script's to handle: it closes the browser, then the sandbox.
    handleSIGINT: false,
    handleSIGTERM: false,
    args: [
      `--disable-extensions-except=${dist}`,
      `--load-extension=${dist}`,
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      // Chromium refuses to run as root (containers, CI) with its sandbox on.
      ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
    ],
  });
  try {
    await routeStorefronts(context, sandboxUrl);
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    if (sandboxUrl !== SANDBOX_URL) {
      // The sandbox is not at Buyline's default address; set it as the options page would.
      const page = await context.newPage();
      await page.goto(`chrome-extension://${new URL(worker.url()).host}/src/options/index.html`);
      await page.evaluate(
        (serviceUrl) =>
          chrome.runtime.sendMessage({
            buyline: 1,
            type: 'settings.update',
            payload: { patch: { serviceUrl } },
          }),
        sandboxUrl,
      );
      await page.close();
    }
    const product = await firstDemoProduct(sandboxUrl);
    const tab = context.pages()[0] ?? (await context.newPage());
    await tab.goto(product.url);
    await tab.bringToFront();
    console.info(`Chromium is open on ${product.url} ("${await tab.title()}").`);
    console.info('Click the Buyline button in the toolbar (or press Alt+Shift+B) to order it.');
    console.info('Close the window or press Ctrl-C to stop.');
  } catch (error) {
    await context.close().catch(() => undefined);
    throw error;
  }
  return {
    close: () => context.close(),
    onClose: (listener) => context.on('close', listener),
  };
}
