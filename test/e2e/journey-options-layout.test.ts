import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessibilityViolations,
  describeViolations,
  type LaunchedExtension,
  launchExtension,
} from './harness/index.ts';

// The options page's layout in Chromium: its sections linked from one navigation, no
// sideways scroll at any width a tab or a phone-sized window has, and axe on each section
// with nothing serious or critical, light and dark.

let extension: LaunchedExtension;
let page: Page;

const SECTIONS = [
  ['connection', 'Connection'],
  ['defaults', 'Order defaults'],
  ['behaviour', 'Behaviour'],
  ['webhooks', 'Webhooks'],
  ['vault', 'Own-account secrets'],
  ['data', 'Data'],
] as const;

beforeAll(async () => {
  extension = await launchExtension({ dist: 'dist-test' });
  page = await extension.openExtensionPage('src/options/index.html');
  await page.getByRole('region', { name: 'Data' }).waitFor({ timeout: 10_000 });
}, 60_000);

afterAll(async () => {
  await extension?.close();
});

const current = () =>
  page
    .getByRole('navigation', { name: 'Sections of the options page' })
    .locator('a[aria-current="true"]')
    .allTextContents();

describe('the options page’s layout', () => {
  it('links every section from one navigation and marks the one in view', async () => {
    await page.setViewportSize({ width: 1000, height: 700 });
    const nav = page.getByRole('navigation', { name: 'Sections of the options page' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(
      SECTIONS.map(([, title]) => title),
    );
    expect(await current()).toEqual(['Connection']);

    await nav.getByRole('link', { name: 'Behaviour' }).click();
    await expect.poll(current).toEqual(['Behaviour']);
    // Focus is on the section's heading, in view under the navigation, which stays in view.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Behaviour');
    const top = await page.getByRole('heading', { level: 2, name: 'Behaviour' }).boundingBox();
    const bar = await nav.boundingBox();
    expect(top && bar && top.y >= bar.y + bar.height - 1).toBe(true);
    expect(top && top.y < 200).toBe(true);

    // Scrolling by hand moves the mark with the reader.
    await page
      .getByRole('heading', { level: 2, name: 'Own-account secrets' })
      .evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
    await expect.poll(current).toEqual(['Own-account secrets']);
  });

  it('never scrolls sideways from 320 to 800 pixels wide', async () => {
    for (const width of [320, 400, 800]) {
      await page.setViewportSize({ width, height: 800 });
      // The widest parts shown: shipping limits and every seller criterion.
      await page.getByLabel('Shipping preference').selectOption('object');
      const criteria = page.getByLabel(/^Use the service/);
      if (await criteria.isChecked()) await criteria.uncheck();
      const sizes = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      expect(sizes.scroll, `at ${width} px`).toBeLessThanOrEqual(sizes.client);
    }
  });

  it('has no serious or critical accessibility violation in any section, light or dark', async () => {
    await page.setViewportSize({ width: 400, height: 800 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      const found: string[] = [];
      for (const selector of [
        'header',
        'nav',
        'section[aria-labelledby="guide-heading"]',
        ...SECTIONS.map(([id]) => `section[aria-labelledby="${id}-heading"]`),
      ]) {
        const violations = await accessibilityViolations(page, {
          within: selector,
          impact: ['serious', 'critical'],
        });
        if (violations.length > 0)
          found.push(`${selector} (${scheme}):\n${describeViolations(violations)}`);
      }
      expect(found).toEqual([]);
    }
    expect(await extension.settleProblems()).toEqual([]);
  });
});
