import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, describeViolations } from './harness/axe.ts';
import { type Journey, placeFrom, startJourney } from './journey-popup-setup.ts';

// Cancelling is two clicks once the popup is open: the first screen lists the recent
// orders that can be cancelled, each with Cancel, and one Confirm sends the cancellation
// to the service. The clicks are counted on the page, every one of them.

let journey: Journey;

beforeAll(async () => {
  journey = await startJourney();
  await placeFrom(journey, 'https://www.amazon.com/dp/B0CANCELOK');
}, 90_000);

afterAll(async () => {
  await journey?.close();
});

describe('cancelling from the toolbar', () => {
  it('takes the popup, Cancel and Confirm: two clicks, and the service has the cancellation', async () => {
    expect((await journey.atService()).cancellations).toBe(0);
    // The toolbar button opens the popup over any page.
    const popup = await journey.popupOn('https://www.amazon.com/dp/B0PLACES01');
    await popup.evaluate(() => {
      const counted = window as unknown as { clicks: number };
      counted.clicks = 0;
      document.addEventListener('click', () => counted.clicks++, { capture: true });
    });
    const recent = popup.getByRole('region', { name: 'Recent orders you can cancel' });
    const cancel = recent.getByRole('button', { name: /^Cancel / }).first();
    await cancel.waitFor({ timeout: 15_000 });
    await cancel.click();
    const confirm = recent.getByRole('button', { name: /^Cancel \d+ × / });
    // The confirmation says what it cancels, and has the focus; the retailer's order
    // number is said once, in the row that tells this order from the others.
    expect(
      await recent
        .getByText(/^The retailer stops it before it ships/)
        .first()
        .isVisible(),
    ).toBe(true);
    const row = recent
      .getByRole('listitem')
      .filter({ has: popup.getByRole('button', { name: /^Cancel \d+ × / }) });
    expect(await row.getByText(/\d{3}-\d{7}-\d{7}/).count()).toBe(1);
    expect(await row.locator('.hint').first().textContent()).toMatch(
      /^Amazon \d{3}-\d{7}-\d{7} · Qty 1 · /,
    );
    // Named by its item, quantity and amount, on the destructive button.
    expect(await confirm.textContent()).toMatch(/^Cancel \d+ × .+, \$\d+\.\d\d$/);
    expect(await confirm.getAttribute('class')).toBe('danger');
    expect(await confirm.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(
      await accessibilityViolations(popup, { impact: ['serious', 'critical'] }).then(
        describeViolations,
      ),
    ).toBe('');
    await confirm.click();
    await expect
      .poll(async () => (await journey.atService()).cancellations, { timeout: 20_000 })
      .toBe(1);
    expect(await popup.evaluate(() => (window as unknown as { clicks: number }).clicks)).toBe(2);
    // The row stays, under your cancellations, with the cancellation's live state.
    await popup
      .getByRole('region', { name: 'Your cancellations' })
      .getByText(/^(Sending cancellation|Cancellation processing|Attempting to cancel|Cancelled)/)
      .first()
      .waitFor({ timeout: 10_000 });
    expect(await journey.extension.settleProblems()).toEqual([]);
    await popup.close();
  }, 90_000);
});
