import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Journey, placeFrom, startJourney } from './journey-popup-setup.ts';

// What the buyer started stays on screen until it is decided: a cancellation started
// under "Recent orders you can cancel" keeps its row, with its live state, while the
// popup is open: Cancelled when the retailer cancels, the refusal in words when it
// does not (the sandbox's B0CANCELOK and B0CANCELNO). The Orders row says it too.

let journey: Journey;

beforeAll(async () => {
  journey = await startJourney();
  await placeFrom(journey, 'https://www.amazon.com/dp/B0CANCELNO');
  await placeFrom(journey, 'https://www.amazon.com/dp/B0CANCELOK');
}, 120_000);

afterAll(async () => {
  await journey?.close();
});

describe('a cancellation started on the first screen', () => {
  it('moves a started cancellation out of the orders you can cancel, and keeps it until the retailer decides', async () => {
    const popup = await journey.popupOn('https://www.amazon.com/dp/B0PLACES01');
    const recent = popup.getByRole('region', { name: 'Recent orders you can cancel' });
    const yours = popup.getByRole('region', { name: 'Your cancellations' });
    const rows = recent.getByRole('listitem');
    await rows.first().waitFor({ timeout: 15_000 });
    expect(await rows.count()).toBe(2);
    // Both are cancelled from here, the one that goes through and the one refused; each
    // leaves the orders you can cancel once its cancellation is under way.
    for (let started = 1; started <= 2; started += 1) {
      const row = rows.first();
      await row.getByRole('button', { name: /^Cancel order: / }).click();
      await row.getByRole('button', { name: /^Cancel \d+ × .*, \$/ }).click();
      await expect
        .poll(() => yours.getByRole('listitem').count(), { timeout: 15_000 })
        .toBe(started);
    }
    await expect
      .poll(async () => (await journey.atService()).cancellations, { timeout: 20_000 })
      .toBe(2);
    await expect.poll(() => recent.count()).toBe(0);
    // The rows stay, each with what the retailer decided; a refusal says what is left to do,
    // and no Cancel comes back below it.
    await yours
      .getByRole('status')
      .filter({ hasText: /^Cancelled$/ })
      .waitFor({ timeout: 60_000 });
    const refused = yours.getByRole('status').filter({ hasText: /^Cancellation refused: / });
    await refused.waitFor({ timeout: 60_000 });
    expect(await refused.textContent()).toContain('The order goes ahead.');
    expect(await yours.getByRole('listitem').count()).toBe(2);
    expect(await yours.getByRole('button', { name: /^Cancel/ }).count()).toBe(0);
    expect(await yours.textContent()).not.toMatch(/Cancellation requested/);
    // The Orders list says the refusal in words too.
    await popup.getByRole('button', { name: 'Orders', exact: true }).click();
    await popup.getByRole('button', { name: /Cancellation refused/ }).waitFor({ timeout: 10_000 });
    expect(await journey.extension.settleProblems()).toEqual([]);
    await popup.close();
  }, 150_000);

  it('lists an order to check in at most four lines at 320 and 400 px, the title named once and its state said once', async () => {
    // An order that may have been placed after all: its state is the longest one.
    const placing = await journey.popupOn('https://www.amazon.com/dp/B0PROBPLC1');
    await placing.getByRole('button', { name: 'Place order' }).click();
    await placing
      .getByRole('status')
      .filter({ hasText: /^Check the retailer/ })
      .waitFor({ timeout: 30_000 });
    await placing.close();
    const page = await journey.extension.openExtensionPage('src/popup/index.html#orders');
    const row = page.getByRole('button', { name: /^Open order .*Check the retailer/ });
    await row.waitFor({ timeout: 15_000 });
    const name = (await row.textContent()) ?? '';
    const title = (await row.locator('.title').textContent()) ?? '';
    expect(name.split(title)).toHaveLength(2);
    // The badge says to check the retailer; no reason says it again.
    expect(name).not.toMatch(/order was probably placed/i);
    for (const width of [320, 400]) {
      await page.setViewportSize({ width, height: 600 });
      // The lines the row's text takes: the distinct tops of its text's boxes.
      const lines = await row.evaluate((button) => {
        const tops: number[] = [];
        const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if ((node.parentElement as HTMLElement).closest('.sr')) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const rect of range.getClientRects())
            if (rect.width > 0 && !tops.some((top) => Math.abs(top - rect.top) < 6))
              tops.push(rect.top);
        }
        return tops.length;
      });
      expect(lines, `lines at ${width} px`).toBeLessThanOrEqual(4);
      const title = await row.locator('.title').evaluate((node) => {
        const hint = node.parentElement?.querySelector('.hint') as HTMLElement;
        return {
          title: Number.parseFloat(getComputedStyle(node).fontSize),
          titleWeight: Number(getComputedStyle(node).fontWeight),
          hint: Number.parseFloat(getComputedStyle(hint).fontSize),
        };
      });
      // The title is the strongest line: larger and bolder than the grey line under it.
      expect(title.title).toBeGreaterThan(title.hint);
      expect(title.titleWeight).toBeGreaterThanOrEqual(600);
    }
    await page.close();
  }, 90_000);
});
