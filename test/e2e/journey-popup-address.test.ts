import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, describeViolations } from './harness/axe.ts';
import { type Journey, startJourney } from './journey-popup-setup.ts';

// Shipping to a new customer from the popup: "Ship to a new address", paste the block,
// correct the fields it was split into, the background checks it with the order (its
// problems at their fields), and it is saved in the settings only when asked.

let journey: Journey;

beforeAll(async () => {
  journey = await startJourney({}, 19);
}, 60_000);

afterAll(async () => {
  await journey?.close();
});

async function lastRequest(): Promise<Record<string, unknown>> {
  const response = await fetch(`${journey.sandbox.url}/v1/orders?limit=1`, {
    headers: { authorization: `Basic ${Buffer.from('sandbox:').toString('base64')}` },
  });
  return ((await response.json()) as { request: Record<string, unknown> }[])[0]?.request ?? {};
}

describe('a one-off address', () => {
  it('is pasted, corrected where the background says, placed, and saved when asked', async () => {
    const popup = await journey.popupOn('https://www.amazon.com/dp/B0PLACES01');
    const shipTo = popup.getByLabel('Ship to');
    await shipTo.waitFor({ timeout: 15_000 });
    await shipTo.selectOption({ label: 'Ship to a new address' });
    // With no address yet, Place order looks unavailable (the background's check says so).
    const place = popup.getByRole('button', { name: 'Place order' });
    const looksUnavailable = async () =>
      /\bunavailable\b/.test((await place.getAttribute('class')) ?? '');
    await expect.poll(looksUnavailable, { timeout: 10_000 }).toBe(true);
    await popup
      .getByLabel('Paste the address')
      .fill('Ada Lovelace\n12 Crown St, Apt 3\nCambridge, Massachusetts 2139\nUSA\n(617) 555-0199');
    // Split into fields the buyer can see and correct.
    expect(await popup.getByLabel('First name').inputValue()).toBe('Ada');
    expect(await popup.getByLabel('Last name').inputValue()).toBe('Lovelace');
    expect(await popup.getByLabel('Address line 1').inputValue()).toBe('12 Crown St');
    expect(await popup.getByLabel('Country').inputValue()).toBe('US');
    await popup.getByLabel('Save this address').check();
    // Still unavailable (the town line was not read), and a click says why.
    expect(await looksUnavailable()).toBe(true);
    await place.click();

    // "2139" is no ZIP code: the town line was not read, and the background says what
    // each field needs, at the field, with the focus on the first.
    const city = popup.getByLabel('City', { exact: true });
    await expect.poll(() => city.getAttribute('aria-invalid'), { timeout: 10_000 }).toBe('true');
    // The city is the first field with a problem: it has the focus.
    expect(await city.evaluate((field) => field === document.activeElement)).toBe(true);
    const zip = popup.getByLabel('ZIP code');
    expect(await zip.getAttribute('aria-invalid')).toBe('true');
    expect(await popup.getByText('City is required.').isVisible()).toBe(true);
    expect(
      await accessibilityViolations(popup, { impact: ['serious', 'critical'] }).then(
        describeViolations,
      ),
    ).toBe('');
    expect((await journey.atService()).orders).toBe(0);

    await city.fill('Cambridge');
    await popup.getByLabel('State', { exact: true }).fill('MA');
    await zip.fill('02139');
    await expect.poll(looksUnavailable, { timeout: 10_000 }).toBe(false);
    await zip.press('Enter');
    await popup
      .getByRole('status')
      .filter({ hasText: /^Placed/ })
      .waitFor({ timeout: 20_000 });
    expect((await lastRequest()).shipping_address).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      address_line1: '12 Crown St',
      address_line2: 'Apt 3',
      city: 'Cambridge',
      state: 'MA',
      zip_code: '02139',
      country: 'US',
    });
    const settings = await journey.ask<{
      addresses: { label: string; address: { city: string } }[];
    }>('settings.get');
    expect(settings.addresses.map((entry) => entry.label)).toEqual([
      'Home',
      'Ada Lovelace, Cambridge',
    ]);
    await popup.close();
  }, 90_000);

  it('is not saved when not asked', async () => {
    const popup = await journey.popupOn('https://www.amazon.com/dp/B0PLACES01');
    await popup.getByLabel('Ship to').waitFor({ timeout: 15_000 });
    await popup.getByLabel('Ship to').selectOption({ label: 'Ship to a new address' });
    await popup
      .getByLabel('Paste the address')
      .fill('Grace Hopper, 1 Navy Way, Arlington, VA 22202, USA, +1 703 555 0100');
    expect(await popup.getByLabel('City', { exact: true }).inputValue()).toBe('Arlington');
    await popup.getByRole('button', { name: 'Place order' }).click();
    await popup
      .getByRole('status')
      .filter({ hasText: /^Placed/ })
      .waitFor({ timeout: 20_000 });
    expect((await lastRequest()).shipping_address).toMatchObject({
      city: 'Arlington',
      state: 'VA',
    });
    const settings = await journey.ask<{ addresses: unknown[] }>('settings.get');
    expect(settings.addresses).toHaveLength(2);
    await popup.close();
  }, 60_000);
});
