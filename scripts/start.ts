/**
 * `npm start`: builds the extension, starts the sandbox, and opens Chromium with
 * Buyline loaded and set to the sandbox, on a demo product page served at its real
 * storefront address. Without a display it says so, prints how to load the extension
 * by hand, and keeps the sandbox running until Ctrl-C.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';
import { findChromium } from '../sandbox/browser/chromium.ts';
import { routeStorefronts } from '../sandbox/browser/route-storefronts.ts';
import { type RunningSandbox, startSandbox } from '../sandbox/index.ts';
import { SANDBOX_URL } from '../src/shared/settings.ts';

const DIST = resolve('dist');
const PORT = 8787;

function build(): void {
  // The script's own tests build once for every test and skip this step.
  if (process.env.BUYLINE_SKIP_BUILD === '1') return;
  console.info('Building the extension into dist/ …');
  const result = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The build failed; see above.');
    process.exit(result.status ?? 1);
  }
}

async function sandbox(): Promise<RunningSandbox> {
  const log = (line: string) => console.info(`[sandbox] ${line}`);
  try {
    return await startSandbox({ port: PORT, control: true, log });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    console.warn(`Port ${PORT} is taken; starting the sandbox on a free port instead.`);
    return startSandbox({ port: 0, control: true, log });
  }
}

function hasDisplay(): boolean {
  return (
    process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY)
  );
}

function printManualSteps(url: string): void {
  const setAddress =
    url === SANDBOX_URL ? " (Buyline's default)" : "; set this address in Buyline's options";
  console.info(`
To try Buyline by hand:
  1. Open chrome://extensions in Chrome or Chromium and turn on Developer mode.
  2. Choose "Load unpacked" and pick ${DIST}
  3. The sandbox listens on ${url} with the token "sandbox"${setAddress}.
  4. Demo product pages: ${url}/demo/
Press Ctrl-C to stop the sandbox.`);
}

/** The storefront address of the first amazon product of the sandbox's catalog. */
async function firstDemoProduct(sandboxUrl: string): Promise<{ url: string; title: string }> {
  const catalog = (await (await fetch(`${sandboxUrl}/demo/catalog.json`)).json()) as {
    products: { retailer: string; url: string; title: string }[];
  };
  const product = catalog.products.find((entry) => entry.retailer === 'amazon');
  if (!product) throw new Error('The sandbox catalog has no amazon product.');
  return product;
}

async function openChromium(sandboxUrl: string, profile: string): Promise<BrowserContext> {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: findChromium(),
    // Only the script's own tests ask for a headless run; people get a window.
    headless: process.env.BUYLINE_START_HEADLESS === '1',
    viewport: null,
    // Ctrl-C is this script's to handle: it closes the browser, then the sandbox.
    handleSIGINT: false,
    handleSIGTERM: false,
    args: [
      `--disable-extensions-except=${DIST}`,
      `--load-extension=${DIST}`,
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      // Chromium refuses to run as root (containers, CI) with its sandbox on.
      ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
    ],
  });
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
  return context;
}

build();
const running = await sandbox();
console.info(`Sandbox listening on ${running.url}`);
let context: BrowserContext | undefined;
let profile: string | undefined;
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await context?.close().catch(() => undefined);
  if (profile) await rm(profile, { recursive: true, force: true });
  await running.close();
  console.info('Stopped.');
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

if (!hasDisplay()) {
  console.info('No display was found, so Chromium is not opened.');
  printManualSteps(running.url);
} else {
  profile = await mkdtemp(join(tmpdir(), 'buyline-start-'));
  try {
    context = await openChromium(running.url, profile);
    context.on('close', () => void stop());
  } catch (error) {
    // The sandbox is still useful without the browser: say why and how to go on.
    console.error(error instanceof Error ? error.message : error);
    printManualSteps(running.url);
  }
}
