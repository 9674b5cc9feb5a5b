import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Journey, placeFrom, startJourney } from './journey-popup-setup.ts';

// The order form's footer (the summary and Place order) stays in view as the form
// scrolls, and never covers a control: with "Recent orders you can cancel" below the
// form the popup scrolls, and every control the buyer moves to, by keyboard or by
// scrolling it into view, shows whole above the footer, at 320 and at 400 px.

const PRODUCT = 'https://www.amazon.com/Sandbox-Test-Item/dp/B0PLACES01';
let journey: Journey;

beforeAll(async () => {
  journey = await startJourney();
  // An order the first screen offers to cancel, below the form.
  await placeFrom(journey, 'https://www.amazon.com/dp/B0CANCELOK');
}, 90_000);

afterAll(async () => {
  await journey?.close();
});

/** The focused control when the footer covers it, even in part; nothing when it shows whole. */
async function focusCovered(page: Page): Promise<string | undefined> {
  return page.evaluate(() => {
    const footer = document.querySelector('form footer.act') as HTMLElement;
    const element = document.activeElement as HTMLElement | null;
    if (!element || footer.contains(element) || !element.closest('form')) return undefined;
    const box = element.getBoundingClientRect();
    const bar = footer.getBoundingClientRect();
    if (box.bottom <= bar.top + 0.5 || box.top >= bar.bottom - 0.5) return undefined;
    const name = element.getAttribute('aria-label') || element.textContent || '';
    const label = (element as HTMLInputElement).labels?.[0]?.textContent ?? name;
    return `${element.tagName.toLowerCase()} “${label.trim().slice(0, 30)}”`;
  });
}

/**
 * Tabs through the whole form from the top, as a keyboard user does, and names each
 * control the footer covers when it has the focus; then scrolls to the end and names any
 * control of the form under the footer there.
 */
async function covered(page: Page): Promise<string[]> {
  const found: string[] = [];
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByLabel('Quantity', { exact: true }).focus();
  for (let step = 0; step < 80; step += 1) {
    const where = await page.evaluate(() => {
      const element = document.activeElement;
      const footer = document.querySelector('form footer.act');
      return !element?.closest('form') ? 'out' : footer?.contains(element) ? 'footer' : 'form';
    });
    if (where !== 'form') break;
    const hidden = await focusCovered(page);
    if (hidden) found.push(`focused ${hidden}`);
    await page.keyboard.press('Tab');
  }
  const atEnd = await page.evaluate(() => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    const footer = document.querySelector('form footer.act') as HTMLElement;
    const bar = footer.getBoundingClientRect();
    return [
      ...document.querySelectorAll<HTMLElement>(
        'form summary, form input, form select, form button, form textarea',
      ),
    ]
      .filter((element) => !footer.contains(element) && element.checkVisibility())
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.bottom > bar.top + 0.5 && box.top < bar.bottom - 0.5;
      })
      .map(
        (element) =>
          `at the end ${element.tagName.toLowerCase()} “${(element.textContent ?? '').trim().slice(0, 30)}”`,
      );
  });
  return [...found, ...atEnd];
}

describe('the order form’s footer', () => {
  it('never covers a control when recent orders show below the form', async () => {
    const page = await journey.popupPageOn(PRODUCT);
    await page.getByRole('button', { name: 'Place order' }).waitFor({ timeout: 15_000 });
    await page.getByRole('region', { name: 'Recent orders you can cancel' }).waitFor();
    // Every folded part open: Gift and Advanced hold the controls furthest down.
    await page.evaluate(() => {
      for (const details of document.querySelectorAll<HTMLDetailsElement>('form details'))
        details.open = true;
    });
    const found: string[] = [];
    for (const width of [320, 400]) {
      await page.setViewportSize({ width, height: 600 });
      const scrolls = await page.evaluate(
        () => document.documentElement.scrollHeight > innerHeight,
      );
      // The popup scrolls, else nothing could be under the footer and the test tells nothing.
      expect(scrolls, `${width} px`).toBe(true);
      for (const item of await covered(page)) found.push(`${width} px: ${item}`);
    }
    // Folded, the parts' own lines are the controls at the bottom of the form.
    await page.evaluate(() => {
      for (const details of document.querySelectorAll<HTMLDetailsElement>('form details'))
        details.open = false;
    });
    for (const width of [320, 400]) {
      await page.setViewportSize({ width, height: 600 });
      for (const item of await covered(page)) found.push(`${width} px, folded: ${item}`);
    }
    expect(found).toEqual([]);
    await page.close();
  }, 90_000);
});
