import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, describeViolations } from './harness/axe.ts';
import { HOME, type Journey, startJourney } from './journey-popup-setup.ts';

// An own-account order from the popup: the locked vault is unlocked where the order is
// (not in Options), the one login, card and billing address that fit are chosen, and
// the items used are chosen again next time. The vault is filled through the background.

const PASSPHRASE = 'correct horse battery';
let journey: Journey;

beforeAll(async () => {
  journey = await startJourney({ mode: 'own' }, 17);
  await journey.ask('vault.create', { passphrase: PASSPHRASE });
  const save = (item: Record<string, unknown>) => journey.ask('vault.save', { item });
  await save({
    kind: 'credentials',
    id: 'login',
    label: 'jane@example.com on Amazon',
    retailer: 'amazon',
    credentials: { email: 'jane@example.com', password: 'secret-password' },
  });
  await save({
    kind: 'payment',
    id: 'visa',
    label: 'Visa ending 4242',
    payment: {
      name_on_card: 'Jane Doe',
      number: '4242424242424242',
      security_code: '123',
      expiration_month: 12,
      expiration_year: 2099,
    },
  });
  await save({ kind: 'billing', id: 'billing', label: 'Home billing', address: HOME });
  await journey.ask('vault.lock');
}, 60_000);

afterAll(async () => {
  await journey?.close();
});

describe('an own-account order', () => {
  it('unlocks the vault in the popup, with the one login, card and billing address chosen', async () => {
    const popup = await journey.popupOn('https://www.amazon.com/dp/B0PLACES01');
    const passphrase = popup.getByLabel('Vault passphrase');
    await passphrase.waitFor({ timeout: 15_000 });
    expect(
      await accessibilityViolations(popup, { impact: ['serious', 'critical'] }).then(
        describeViolations,
      ),
    ).toBe('');
    await passphrase.fill('not it');
    await passphrase.press('Enter');
    await expect
      .poll(() => passphrase.getAttribute('aria-invalid'), { timeout: 10_000 })
      .toBe('true');
    // Enter in the passphrase unlocks; it never places.
    expect((await journey.atService()).orders).toBe(0);
    await passphrase.fill(PASSPHRASE);
    await popup.getByRole('button', { name: 'Unlock' }).click();
    const account = popup.locator('summary', { hasText: 'Your account · Visa ending 4242' });
    await account.waitFor({ timeout: 10_000 });
    // Unlocked: the next step is Place order, and it has the focus.
    const place = popup.getByRole('button', { name: 'Place order' });
    await expect
      .poll(() => place.evaluate((button) => button === document.activeElement))
      .toBe(true);
    await account.click();
    expect(await popup.getByLabel('Retailer login').inputValue()).toBe('login');
    expect(await popup.getByLabel('Payment').inputValue()).toBe('visa');
    expect(await popup.getByLabel('Billing address').inputValue()).toBe('billing');
    await place.click();
    await popup
      .getByRole('status')
      .filter({ hasText: /^Placed/ })
      .waitFor({ timeout: 20_000 });
    expect((await journey.atService()).orders).toBe(1);
    expect(await journey.extension.settleProblems()).toEqual([]);
    await popup.close();
  }, 90_000);

  it('chooses the items last used at the retailer again, among several', async () => {
    await journey.ask('vault.save', {
      item: {
        kind: 'payment',
        id: 'amex',
        label: 'Amex ending 0005',
        payment: {
          name_on_card: 'Jane Doe',
          number: '378282246310005',
          security_code: '1234',
          expiration_month: 1,
          expiration_year: 2099,
        },
      },
    });
    const popup = await journey.popupOn('https://www.amazon.com/dp/B0ZIPONLY1');
    // Two cards now: the one used last time is chosen.
    await popup.locator('summary', { hasText: 'Your account · Visa ending 4242' }).waitFor({
      timeout: 15_000,
    });
    await popup.close();
  }, 60_000);
});
