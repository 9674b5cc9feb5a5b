/**
 * The stores' screenshots: 1280 × 800 PNGs (the size both the Chrome Web Store and
 * addons.mozilla.org take) of Buyline in use, made from the real build by
 * `npm run screenshots` into store/screenshots/, which store/listing.md lists.
 *
 * A real popup cannot be captured together with the page under it in headless Chromium,
 * so a popup shot is put together: the product page at 1280 × 800, and over it, where
 * the toolbar's popup opens, the popup's page as it renders at its width (loaded in a
 * tab of its own while the product tab is the active one, so it orders what that tab
 * shows, as the popup does). Options is captured as the tab it opens in.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import {
  type LaunchedExtension,
  launchExtension,
  routeStorefronts,
  setUpThroughOptions,
} from '../../test/e2e/harness/index.ts';
import type { SetUp } from '../../test/e2e/harness/set-up-through-options.ts';

export const STORE_SIZE = { width: 1280, height: 800 } as const;
/** The popup's width and its largest height, as Chromium shows it. */
const POPUP = { width: 400, height: 600 } as const;
const PRODUCT = 'https://www.amazon.com/Sandbox-Test-Item/dp/B0PLACES01';
const WAIT = { timeout: 20_000 };

interface StoreShot {
  /** The PNG's name in store/screenshots/. */
  file: string;
  /** Brings a popup up to what the shot shows (the popup over the product page). */
  popup?(page: Page): Promise<void>;
  /** Brings the options page up to what the shot shows. */
  options?(page: Page): Promise<void>;
}

const placeOrder = (page: Page) => page.getByRole('button', { name: 'Place order' });

/** The shots, in the order the listing shows them. */
const SHOTS: readonly StoreShot[] = [
  {
    file: '1-order-form.png',
    popup: (page) => placeOrder(page).waitFor(WAIT),
  },
  {
    file: '2-placed.png',
    async popup(page) {
      await placeOrder(page).click(WAIT);
      await page
        .getByRole('status')
        .filter({ hasText: /^Placed/ })
        .first()
        .waitFor(WAIT);
    },
  },
  {
    file: '3-orders.png',
    async popup(page) {
      await page.getByRole('button', { name: 'Orders', exact: true }).click(WAIT);
      await page
        .getByRole('button', { name: /^Open order / })
        .first()
        .waitFor(WAIT);
    },
  },
  {
    file: '4-options.png',
    async options(page) {
      // Set up as a buyer leaves it: the connection tested, so the first-run guide is done.
      const guide = page.getByRole('region', { name: 'Get started' });
      await guide.getByRole('button', { name: 'Test connection' }).click(WAIT);
      const connection = page.getByRole('region', { name: 'Connection' });
      await connection.getByText(/^Connected to /).waitFor(WAIT);
      await page.evaluate(() => window.scrollTo(0, 0));
    },
  },
];

const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

/** The product page with the popup where the toolbar opens it, as one 1280 × 800 image. */
async function composed(extension: LaunchedExtension, store: Buffer, popup: Buffer) {
  const page = await extension.context.newPage();
  try {
    await page.setViewportSize(STORE_SIZE);
    await page.setContent(`<!doctype html>
      <body style="margin:0;width:${STORE_SIZE.width}px;height:${STORE_SIZE.height}px;position:relative;overflow:hidden">
        <img src="${dataUrl(store)}" style="position:absolute;inset:0" alt="">
        <img src="${dataUrl(popup)}" alt="" style="position:absolute;top:8px;right:24px;border:1px solid #c8cdd4;border-radius:8px;box-shadow:0 10px 32px rgba(0,0,0,.3)">
      </body>`);
    await page.waitForFunction(() => [...document.images].every((image) => image.complete));
    return await page.screenshot();
  } finally {
    await page.close();
  }
}

async function popupShot(extension: LaunchedExtension, shot: StoreShot): Promise<Buffer> {
  const opened: Page[] = [];
  try {
    const store = await extension.context.newPage();
    opened.push(store);
    await store.setViewportSize(STORE_SIZE);
    await store.goto(PRODUCT);
    const popup = await extension.context.newPage();
    opened.push(popup);
    await popup.setViewportSize(POPUP);
    // Loaded once the product tab is the active one again: it reads that tab.
    await store.bringToFront();
    await popup.goto(extension.extensionUrl('src/popup/index.html'));
    await shot.popup?.(popup);
    // The popup is as tall as what it shows, as Chromium sizes the real one.
    const height = await popup.evaluate(() =>
      Math.ceil(
        Math.max(
          ...[...document.body.children].map((child) => child.getBoundingClientRect().bottom),
        ) + 12,
      ),
    );
    const popupPng = await popup.screenshot({
      clip: { x: 0, y: 0, width: POPUP.width, height: Math.min(height, POPUP.height) },
    });
    await store.bringToFront();
    return composed(extension, await store.screenshot(), popupPng);
  } finally {
    for (const page of opened) await page.close().catch(() => undefined);
  }
}

async function optionsShot(extension: LaunchedExtension, shot: StoreShot): Promise<Buffer> {
  const page = await extension.context.newPage();
  try {
    await page.setViewportSize(STORE_SIZE);
    await page.goto(extension.extensionUrl('src/options/index.html'));
    await shot.options?.(page);
    return await page.screenshot();
  } finally {
    await page.close();
  }
}

/**
 * Launches the build in a fresh profile, set up through Options as a buyer does, writes
 * every store shot into `out`, and answers one line per shot saying how it went.
 */
export async function captureStoreShots(options: {
  dist: string;
  sandboxUrl: string;
  address: NonNullable<SetUp['address']>;
  out: string;
}): Promise<string[]> {
  await mkdir(options.out, { recursive: true });
  const extension = await launchExtension({ dist: options.dist });
  const lines: string[] = [];
  try {
    await routeStorefronts(extension.context, options.sandboxUrl);
    await setUpThroughOptions(extension, {
      serviceUrl: options.sandboxUrl,
      address: options.address,
      holdSeconds: 0,
    });
    for (const shot of SHOTS) {
      try {
        const png = shot.popup
          ? await popupShot(extension, shot)
          : await optionsShot(extension, shot);
        await writeFile(join(options.out, shot.file), png);
        lines.push(`✓ store ${shot.file}`);
      } catch (error) {
        lines.push(`✗ store ${shot.file}: ${(error as Error).message.split('\n')[0]}`);
      }
    }
  } finally {
    await extension.close();
  }
  return lines;
}
