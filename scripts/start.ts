/**
 * `npm start`: builds the extension, starts the sandbox, and opens Chromium with
 * Buyline loaded and set to the sandbox, on a demo product page served at its real
 * storefront address. Without a display it says so and keeps the sandbox running.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { findChromium } from '../sandbox/browser/chromium.ts';
import { routeStorefronts } from '../sandbox/browser/route-storefronts.ts';
import { type RunningSandbox, startSandbox } from '../sandbox/index.ts';
import { productPageUrl } from '../sandbox/retailer/index.ts';
import { SANDBOX_URL } from '../src/shared/settings.ts';

const DIST = resolve('dist');
const DEMO_PRODUCT = { retailer: 'amazon', productId: 'B0PLACES01' };

function build(): void {
  // Tests of this script build once for all and skip this step.
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
    return await startSandbox({ port: 8787, control: true, log });
  } catch {
    console.warn('Port 8787 is taken; starting the sandbox on a free port instead.');
    return startSandbox({ port: 0, control: true, log });
  }
}

function hasDisplay(): boolean {
  return (
    process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY)
  );
}

function printManualSteps(url: string): void {
  console.info(`
No display was found, so Chromium is not opened. To try Buyline by hand:
  1. Open chrome://extensions in Chrome or Chromium and turn on Developer mode.
  2. Choose "Load unpacked" and pick ${DIST}
  3. The sandbox listens on ${url} with the token "sandbox"${url === SANDBOX_URL ? " (Buyline's default)" : "; set this address in Buyline's options"}.
  4. Demo product pages: ${url}/demo/
Press Ctrl-C to stop the sandbox.`);
}

build();
const running = await sandbox();
console.info(`Sandbox listening on ${running.url}`);
const stop = async () => {
  await running.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

if (!hasDisplay()) {
  printManualSteps(running.url);
} else {
  const context = await chromium.launchPersistentContext(
    await mkdtemp(join(tmpdir(), 'buyline-start-')),
    {
      executablePath: findChromium(),
      headless: false,
      viewport: null,
      args: [
        `--disable-extensions-except=${DIST}`,
        `--load-extension=${DIST}`,
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  );
  await routeStorefronts(context, running.url);
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  if (running.url !== SANDBOX_URL) {
    await worker.evaluate(async (url) => {
      const stored = await chrome.storage.sync.get('settings');
      await chrome.storage.sync.set({ settings: { ...(stored.settings ?? {}), serviceUrl: url } });
    }, running.url);
  }
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(productPageUrl(DEMO_PRODUCT.retailer, DEMO_PRODUCT.productId));
  console.info(
    'Chromium is open on a demo product page: click the Buyline button in the toolbar (Alt+Shift+B).',
  );
  context.on('close', () => void stop());
}
