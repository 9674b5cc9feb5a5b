import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Journey, startJourney } from './journey-popup-setup.ts';

// Words a person reads in the popup: each problem at its field, named as its label
// names it, with the focus on the first; names, not codes; labels with capitals;
// amounts and dates as the browser's language writes them.

let journey: Journey;

beforeAll(async () => {
  journey = await startJourney({}, 23);
  // An amazon.co.uk order, with room in its maximum for the UK's tax.
  const popup = await journey.popupOn('https://www.amazon.co.uk/dp/B0UKCANCEL');
  await popup.getByLabel('Maximum price (GBP)').fill('100.00');
  await popup.getByRole('button', { name: 'Place order' }).click();
  await popup
    .getByRole('status')
    .filter({ hasText: /^Placed/ })
    .waitFor({ timeout: 20_000 });
  await popup.close();
}, 90_000);

afterAll(async () => {
  await journey?.close();
});

const messageOf = async (popup: Page, label: string) => {
  const id = await popup.getByLabel(label, { exact: true }).getAttribute('aria-describedby');
  return popup.locator(`[id="${id}"]`).textContent();
};

describe('words in the popup', () => {
  it('says each problem at its field in the field’s own words, and focuses the first', async () => {
    const popup = await journey.popupOn('https://www.amazon.com/dp/B0PLACES01');
    const quantity = popup.getByLabel('Quantity', { exact: true });
    await quantity.waitFor({ timeout: 15_000 });
    await quantity.fill('0');
    await popup.getByLabel('Maximum price (USD)').fill('-5.00');
    await popup.getByRole('button', { name: 'Place order' }).click();
    await expect
      .poll(() => messageOf(popup, 'Quantity'), { timeout: 10_000 })
      .toBe('Quantity must be a whole number, 1 or more.');
    expect(await messageOf(popup, 'Maximum price (USD)')).toBe("Maximum price can't be negative.");
    expect(await quantity.evaluate((field) => field === document.activeElement)).toBe(true);
    // No API path anywhere on the screen.
    const text = (await popup.locator('main').textContent()) ?? '';
    expect(text).not.toMatch(/max_price|products\.\d|shipping_address|addax/);
    expect((await journey.atService()).orders).toBe(1);
    await popup.close();
  }, 60_000);

  it('names retailers, methods and amounts as a person reads them', async () => {
    const popup = await journey.popupOn('https://www.amazon.com/dp/B0PLACES01');
    await popup.getByRole('button', { name: 'Place order' }).waitFor({ timeout: 15_000 });
    expect(await popup.locator('summary', { hasText: 'Shipping · Cheapest' }).count()).toBe(1);
    const methods = await popup.getByLabel('Shipping method').locator('option').allTextContents();
    expect(methods).toEqual(['Cheapest', 'Fastest', 'Marketplace day delivery', 'Free']);
    await popup.getByRole('button', { name: 'Orders', exact: true }).click();
    const row = popup.getByRole('button', { name: /^Open order / }).first();
    await row.waitFor({ timeout: 10_000 });
    // The store with its order number, the quantity, the amount as a person reads it.
    expect(await row.textContent()).toMatch(/Amazon UK \d{3}-\d{7}-\d{7} · Qty 1 · £\d+\.\d\d · /);
    await row.click();
    const detail = popup.getByRole('region', { name: 'Order detail' });
    await detail.waitFor();
    const prices = await detail
      .getByRole('table', { name: 'Price components' })
      .locator('th')
      .allTextContents();
    expect(prices).toEqual(expect.arrayContaining(['Subtotal', 'Tax', 'Total']));
    const dates = detail.getByRole('list', { name: 'Delivery dates' });
    if ((await dates.count()) > 0)
      expect(await dates.textContent()).toMatch(/Delivery (by|between) /);
    expect(await detail.textContent()).not.toMatch(/amazon_uk|\bsubtotal\b|\btotal\b/);
    await popup.close();
  }, 60_000);
});
