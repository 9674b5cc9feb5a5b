/**
 * `npm run screenshots`: a PNG of every screen (scripts/screenshots/screens.ts), in light
 * and dark, at 320 and 400 px wide, in screenshots/ (git-ignored), so anyone can look.
 * It drives the test build (dist-test, which `npm run build:test` makes; this script
 * builds nothing) against a fresh local sandbox, set up through the options page as a
 * buyer does, and says what looks broken: sideways scroll, controls cut off at the edge,
 * a main action below the popup's fold, and axe's serious and critical violations.
 *
 * Chromium sizes a real popup to its content and refuses to emulate another width on
 * it, so each popup screen is captured twice: at 320 and 400 px as the popup's page in
 * a tab of its own, loaded while the storefront tab is the active one (so it orders what
 * that tab shows, as the popup does), and once in the real popup, at the size it takes
 * (`…-popup.png`).
 *
 * Then the stores' screenshots: 1280 × 800, of Buyline in use over a product page and of
 * Options, into store/screenshots/ (tracked: store/listing.md lists them), made by
 * scripts/screenshots/store-size.ts.
 */
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { startSandbox } from '../sandbox/index.ts';
import { accessibilityViolations } from '../test/e2e/harness/axe.ts';
import {
  type LaunchedExtension,
  launchExtension,
  routeStorefronts,
  setUpThroughOptions,
} from '../test/e2e/harness/index.ts';
import { BULK_SCREENS } from './screenshots/bulk-screens.ts';
import { describeFindings, layoutFindings } from './screenshots/layout-checks.ts';
import { SCREENS, type Screen, type ScreenContext } from './screenshots/screens.ts';
import { captureStoreShots } from './screenshots/store-size.ts';
import { PANEL_SCREENS } from './screenshots-panel.ts';

const DIST = 'dist-test';
/** `npm run screenshots -- bulk` captures only the screens whose names hold "bulk". */
const ONLY = process.argv[2] ?? '';
const ALL_SCREENS = [...SCREENS, ...BULK_SCREENS, ...PANEL_SCREENS].filter((screen) =>
  screen.name.includes(ONLY),
);
const OUT = resolve('screenshots');
const STORE_OUT = resolve('store/screenshots');
const WIDTHS = [320, 400] as const;
const SCHEMES = ['light', 'dark'] as const;
/** The popup's largest height; pages are captured whole, whatever their height. */
const HEIGHT = 600;

const ADDRESS = {
  label: 'Home',
  first_name: 'Jane',
  last_name: 'Doe',
  address_line1: '1 Main St',
  city: 'Cambridge',
  state: 'MA',
  zip_code: '02139',
  phone_number: '6175550100',
};

type Variant = { scheme: (typeof SCHEMES)[number]; width?: number };

/** Captures a reached screen in each variant; returns what looked broken in each. */
async function capture(
  screen: Screen,
  reached: { page: Page; part?: Locator | undefined },
  variants: readonly Variant[],
): Promise<string[]> {
  const { page, part } = reached;
  const notes: { where: string; scheme: string; line: string }[] = [];
  // A tab loaded in the background is shown for its capture; a real popup is in front.
  if (variants.some((variant) => variant.width)) await page.bringToFront();
  for (const { scheme, width } of variants) {
    await page.emulateMedia({ colorScheme: scheme });
    if (width) await page.setViewportSize({ width, height: HEIGHT });
    const where = width ? `${scheme} ${width}px` : `${scheme} popup`;
    const file = join(OUT, `${screen.name}-${scheme}-${width ?? 'popup'}.png`);
    if (part) await part.screenshot({ path: file });
    else {
      // The whole height, but only the width the screen has: what is past the right
      // edge is what the buyer cannot see.
      const size = await page.evaluate(() => ({
        width: document.documentElement.clientWidth,
        height: document.documentElement.scrollHeight,
      }));
      await page.screenshot({ path: file, fullPage: true, clip: { x: 0, y: 0, ...size } });
    }
    const within = part ? await selectorOf(part) : undefined;
    const findings = await layoutFindings(page, { aboveFold: screen.aboveFold?.(page), within });
    for (const line of describeFindings(findings)) notes.push({ where, scheme, line });
    const violations = await accessibilityViolations(page, {
      impact: ['serious', 'critical'],
      ...(within ? { within } : {}),
    });
    for (const violation of violations)
      notes.push({
        where,
        scheme,
        line: `axe ${violation.id} (${violation.impact}): ${violation.help}, at ${violation.targets.join(', ')}`,
      });
  }
  return merged(notes);
}

/** One line per finding, its variants named together ("320px, light and dark: …"). */
function merged(notes: { where: string; scheme: string; line: string }[]): string[] {
  const byLine = new Map<string, Set<string>>();
  for (const { where, scheme, line } of notes) {
    const size = where.replace(`${scheme} `, '');
    const key = `${size}\u0000${line}`;
    byLine.set(key, (byLine.get(key) ?? new Set()).add(scheme));
  }
  return [...byLine].map(([key, schemes]) => {
    const [size, line] = key.split('\u0000');
    return `${size}, ${[...schemes].join(' and ')}: ${line}`;
  });
}

/** A CSS selector for the element a locator finds, marking it when it has no id. */
async function selectorOf(part: Locator): Promise<string> {
  return part.evaluate((element) => {
    if (!element.id) element.setAttribute('data-screenshot-part', '');
    return element.id ? `#${CSS.escape(element.id)}` : '[data-screenshot-part]';
  });
}

function contextFor(extension: LaunchedExtension, surface: 'tab' | 'popup', opened: Page[]) {
  const keep = (page: Page) => {
    opened.push(page);
    return page;
  };
  const context: ScreenContext = {
    extension,
    async popupOn(url) {
      const store = keep(await extension.context.newPage());
      await store.goto(url);
      if (surface === 'popup') {
        await store.bringToFront();
        return keep(await extension.openPopupOnActiveTab());
      }
      // Opened first, loaded once the storefront tab is active again: it reads that tab.
      const popup = keep(await extension.context.newPage());
      await store.bringToFront();
      await popup.goto(extension.extensionUrl('src/popup/index.html'));
      return popup;
    },
    options: async () => keep(await extension.openExtensionPage('src/options/index.html')),
    extensionPage: async (path) => keep(await extension.openExtensionPage(path)),
  };
  return context;
}

async function main(): Promise<number> {
  if (!existsSync(join(DIST, 'manifest.json'))) {
    console.error(
      `${DIST} is missing: run "npm run build:test" first; this script builds nothing.`,
    );
    return 1;
  }
  if (!ONLY) await rm(OUT, { recursive: true, force: true });
  await mkdir(OUT, { recursive: true });
  const sandbox = await startSandbox({ port: 0, processingMs: 400, control: true, seed: 5 });
  const extension = await launchExtension({ dist: DIST });
  let flagged = 0;
  try {
    await routeStorefronts(extension.context, sandbox.url);
    await setUpThroughOptions(extension, {
      serviceUrl: sandbox.url,
      address: ADDRESS,
      holdSeconds: 0,
    });
    const sized = SCHEMES.flatMap((scheme) => WIDTHS.map((width) => ({ scheme, width })));
    const natural = SCHEMES.map((scheme) => ({ scheme }));
    for (const screen of ALL_SCREENS) {
      const notes: string[] = [];
      const runs = screen.surface === 'popup' ? (['tab', 'popup'] as const) : (['tab'] as const);
      for (const surface of runs) {
        const opened: Page[] = [];
        try {
          const reached = await screen.reach(contextFor(extension, surface, opened));
          notes.push(...(await capture(screen, reached, surface === 'tab' ? sized : natural)));
        } catch (error) {
          const message = (error as Error).message.split('\n')[0];
          notes.push(`could not be reached (${surface}): ${message}`);
        } finally {
          for (const page of opened) await page.close().catch(() => undefined);
        }
      }
      flagged += notes.length > 0 ? 1 : 0;
      console.info(
        notes.length === 0 ? `✓ ${screen.name}` : `✗ ${screen.name}\n  ${notes.join('\n  ')}`,
      );
    }
  } finally {
    await extension.close();
  }
  try {
    // In a profile of their own, so the stores see a buyer's first orders, not these;
    // only in a whole run.
    for (const line of ONLY
      ? []
      : await captureStoreShots({
          dist: DIST,
          sandboxUrl: sandbox.url,
          address: ADDRESS,
          out: STORE_OUT,
        })) {
      flagged += line.startsWith('✗') ? 1 : 0;
      console.info(line);
    }
  } finally {
    await sandbox.close();
  }
  console.info(
    `\n${ALL_SCREENS.length} screens in ${OUT}, the stores' in ${STORE_OUT}; ${flagged} with something to look at.`,
  );
  return 0;
}

process.exitCode = await main();
