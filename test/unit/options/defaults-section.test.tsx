// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import {
  alerts,
  button,
  byLabel,
  choose,
  click,
  messageOf,
  region,
  statuses,
  type,
  waitFor,
} from './dom.ts';
import { ask, type OptionsPage, openOptions } from './options-env.tsx';

let page: OptionsPage;
const defaults = () => region('Order defaults');

async function save() {
  await click(button('Save defaults', defaults()));
}

beforeEach(async () => {
  page = await openOptions();
});
afterEach(() => page.unmount());

describe('the order defaults section', () => {
  it('saves the ordering mode as soon as it is chosen', async () => {
    await choose(byLabel('Ordering mode', defaults()), 'own');
    await waitFor(() =>
      expect(statuses(defaults())).toContain(
        'Saved: orders are placed with your own retailer account.',
      ),
    );
    expect((await ask('settings.get')).mode).toBe('own');
  });

  it('stores every default the page offers, and nothing of the other sections', async () => {
    await choose(byLabel('Shipping preference', defaults()), 'object');
    await choose(byLabel('Choose shipping by', defaults()), 'speed');
    await type(byLabel('Arrives in fewer than (days)', defaults()), '4');
    await type(byLabel('Shipping costs at most', defaults()), '7.50');
    await type(byLabel('Room above the page price (%)', defaults()), '');
    await type(byLabel('Room above the page price (amount)', defaults()), '5.00');
    await click(byLabel('Send orders as gifts', defaults()));
    await type(byLabel('Default gift message', defaults()), 'Happy birthday!');
    await type(byLabel('Managed account discount (%)', defaults()), '-10');
    await type(byLabel('Longest wait in the managed queue (minutes)', defaults()), '60');
    await type(byLabel('Priority bid', defaults()), '1.50');
    await click(byLabel('Non-prime account', defaults()));
    // An unsaved change elsewhere on the page is not this button's to save.
    await type(byLabel('Lock the vault after idle (minutes)', region('Behaviour')), '5');
    await save();
    await waitFor(() => expect(statuses(defaults())).toContain('Defaults saved.'));

    const settings = await ask('settings.get');
    expect(settings).toMatchObject({
      shipping: { kind: 'object', shipping: { order_by: 'speed', max_days: 4, max_price: 750 } },
      maxPriceTolerance: { percent: 0, amountCents: 500 },
      gift: { isGift: true, message: 'Happy birthday!' },
      managed: {
        discount: -10,
        queueTimeoutSeconds: 3600,
        primeOptout: true,
        priorityBidCents: 150,
      },
    });
    expect(settings.vaultIdleLockMinutes).toBe(15);
  });

  it('names shipping methods and retailers in words, not codes', async () => {
    const methods = [...byLabel<HTMLSelectElement>('Shipping preference', defaults()).options];
    expect(methods.map((option) => option.textContent)).toEqual([
      'Cheapest',
      'Fastest',
      'Amazon Day (one delivery day a week; Amazon only)',
      'Free shipping',
      'Set limits: by price or speed, days, cost',
    ]);
    const retailers = [...byLabel<HTMLSelectElement>('Seller criteria for', defaults()).options];
    expect(retailers.map((option) => option.textContent)).toContain('Amazon UK');
    expect(retailers.map((option) => option.textContent)).not.toContain('amazon_uk');
  });

  it('keeps seller criteria for every retailer and overrides per retailer', async () => {
    await click(
      byLabel('Use the service’s defaults (prime, ships within 6 days, New)', defaults()),
    );
    await choose(byLabel('Prime', defaults()), 'yes');
    await type(byLabel('Ships within (days)', defaults()), '3');
    await choose(byLabel('Seller criteria for', defaults()), 'walmart');
    // A retailer without its own criteria starts from those of every retailer.
    expect(byLabel<HTMLSelectElement>('Prime', defaults()).value).toBe('yes');
    await type(byLabel('Ships within (days)', defaults()), '10');
    await save();
    await waitFor(() => expect(statuses(defaults())).toContain('Defaults saved.'));
    const settings = await ask('settings.get');
    expect(settings.sellerCriteria).toEqual({ prime: true, handling_days_max: 3 });
    expect(settings.sellerCriteriaByRetailer).toEqual({
      walmart: { prime: true, handling_days_max: 10 },
    });
    expect(
      byLabel<HTMLSelectElement>('Seller criteria for', defaults()).selectedOptions[0]?.textContent,
    ).toBe('Walmart (own criteria)');
  });

  it('refuses invalid values with a plain sentence at each field, focuses the first, and saves nothing', async () => {
    await type(byLabel('Managed account discount (%)', defaults()), '20');
    await type(byLabel('Room above the page price (%)', defaults()), 'lots');
    await click(
      byLabel('Use the service’s defaults (prime, ships within 6 days, New)', defaults()),
    );
    await type(byLabel('Ships within (days)', defaults()), '2.5');
    await save();
    await waitFor(() =>
      expect(messageOf(byLabel('Managed account discount (%)', defaults()))).toBe(
        'Managed account discount (%) must be 0 or less.',
      ),
    );
    expect(messageOf(byLabel('Room above the page price (%)', defaults()))).toBe(
      'Room above the page price (%) must be a number.',
    );
    expect(messageOf(byLabel('Ships within (days)', defaults()))).toBe(
      'Ships within (days) must be a whole number.',
    );
    expect(alerts(defaults())).toContain('Not saved: correct the fields marked above.');
    // The first problem in the order of the page has focus.
    await waitFor(() =>
      expect(document.activeElement).toBe(byLabel('Ships within (days)', defaults())),
    );
    expect(await ask('settings.get')).toMatchObject({
      managed: { discount: 0 },
      maxPriceTolerance: { percent: 10 },
      sellerCriteria: null,
    });

    // A problem goes when its field changes; the others stay until theirs do.
    await type(byLabel('Managed account discount (%)', defaults()), '-5');
    expect(messageOf(byLabel('Managed account discount (%)', defaults()))).toBe(
      'From -50 to 0: lower is served first.',
    );
    expect(
      byLabel('Managed account discount (%)', defaults()).getAttribute('aria-invalid'),
    ).toBeNull();
    expect(messageOf(byLabel('Room above the page price (%)', defaults()))).toBe(
      'Room above the page price (%) must be a number.',
    );
    await type(byLabel('Ships within (days)', defaults()), '2');
    await type(byLabel('Room above the page price (%)', defaults()), '15');
    expect(alerts(defaults())).toEqual([]);
    await save();
    await waitFor(() => expect(statuses(defaults())).toContain('Defaults saved.'));
  });
});
