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
  it('keeps its row until the retailer decides: Cancelled, or refused in words', async () => {
    const popup = await journey.popupOn('https://www.amazon.com/dp/B0PLACES01');
    const recent = popup.getByRole('region', { name: 'Recent orders you can cancel' });
    const rows = recent.getByRole('listitem');
    await rows.first().waitFor({ timeout: 15_000 });
    expect(await rows.count()).toBe(2);
    // Both are cancelled from here, the one that goes through and the one refused.
    for (let index = 0; index < 2; index += 1) {
      const row = rows.nth(index);
      await row.getByRole('button', { name: /^Cancel / }).click();
      await row.getByRole('button', { name: /^Confirm cancellation of / }).click();
      await row
        .getByRole('status')
        .filter({ hasText: /cancel/i })
        .waitFor({ timeout: 15_000 });
    }
    await expect
      .poll(async () => (await journey.atService()).cancellations, { timeout: 20_000 })
      .toBe(2);
    // The rows stay, each with what the retailer decided.
    await recent
      .getByRole('status')
      .filter({ hasText: /^Cancelled$/ })
      .waitFor({ timeout: 60_000 });
    await recent
      .getByRole('status')
      .filter({ hasText: /^Cancellation refused: / })
      .waitFor({ timeout: 60_000 });
    expect(await rows.count()).toBe(2);
    expect(await recent.textContent()).not.toMatch(/Cancellation requested/);
    // The Orders list says the refusal in words too.
    await popup.getByRole('button', { name: 'Orders', exact: true }).click();
    await popup.getByRole('button', { name: /Cancellation refused/ }).waitFor({ timeout: 10_000 });
    expect(await journey.extension.settleProblems()).toEqual([]);
    await popup.close();
  }, 150_000);

  it('lists a long state under its title at 320 and 400 px, the title named once', async () => {
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
    for (const width of [320, 400]) {
      await page.setViewportSize({ width, height: 600 });
      const boxes = await row.evaluate((button) => {
        const box = (selector: string) => {
          const found = button.querySelector(selector)?.getBoundingClientRect();
          return found ? { top: found.top, bottom: found.bottom, width: found.width } : undefined;
        };
        return { row: box('.title'), badge: box('.badge') };
      });
      // The title keeps the row's width; the state goes under it, not beside it.
      expect(boxes.row?.width, `title at ${width} px`).toBeGreaterThan(width / 2);
      expect(boxes.badge?.top, `state at ${width} px`).toBeGreaterThanOrEqual(
        boxes.row?.bottom ?? Number.POSITIVE_INFINITY,
      );
    }
    await page.close();
  }, 90_000);
});
