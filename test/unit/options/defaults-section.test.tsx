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
const addresses = () => defaults().querySelector('fieldset') as HTMLElement;

async function fillAddress(label: string, values: Record<string, string>) {
  await type(byLabel('Address label', addresses()), label);
  for (const [field, value] of Object.entries(values))
    await type(byLabel(field, addresses()), value);
}

async function save() {
  await click(button('Save defaults', defaults()));
}

beforeEach(async () => {
  page = await openOptions();
});
afterEach(() => page.unmount());

describe('the defaults section', () => {
  it('adds, edits and removes saved addresses, with one default', async () => {
    const home = {
      'First name': 'Ada',
      'Last name': 'Lovelace',
      'Address line 1': '12 Analytical Way',
      City: 'Boston',
      State: 'MA',
      'ZIP code': '02110',
      'Phone number': '6175550199',
    };
    await fillAddress('Home', home);
    await click(button('Add address', addresses()));
    await fillAddress('Office', {
      ...home,
      'Address line 1': '1 Engine St',
      City: 'Cambridge',
      'ZIP code': '02139',
    });
    await click(button('Add address', addresses()));
    // The first address saved became the default; the second is chosen instead.
    expect(byLabel('Home: 12 Analytical Way, Boston (default)', addresses()).checked).toBe(true);
    await click(byLabel('Office: 1 Engine St, Cambridge', addresses()));

    await click(button('Edit Home', addresses()));
    expect(byLabel('City', addresses()).value).toBe('Boston');
    await type(byLabel('City', addresses()), 'Salem');
    await type(byLabel('ZIP code', addresses()), '01970');
    await click(button('Keep changes', addresses()));
    await save();
    await waitFor(() => expect(statuses(defaults())).toContain('Defaults saved.'));

    let settings = await ask('settings.get');
    expect(settings.addresses.map((entry: any) => [entry.label, entry.address.city])).toEqual([
      ['Home', 'Salem'],
      ['Office', 'Cambridge'],
    ]);
    const office = settings.addresses[1].id;
    expect(settings.defaultAddressId).toBe(office);

    await click(button('Remove Office', addresses()));
    await save();
    await waitFor(async () => expect((await ask('settings.get')).addresses).toHaveLength(1));
    settings = await ask('settings.get');
    // Removing the default makes the one left the default.
    expect(settings.defaultAddressId).toBe(settings.addresses[0].id);
  });

  it('shows an address’s problems at its fields and keeps it out of the list', async () => {
    await fillAddress('', { 'First name': 'Ada', State: 'Massachusetts', 'ZIP code': '2110' });
    await click(button('Add address', addresses()));
    // The background checks the address, as it checks every setting.
    await waitFor(() =>
      expect(messageOf(byLabel('Address label', addresses()))).toBe(
        'Label is required: name the address, such as Home.',
      ),
    );
    expect(messageOf(byLabel('City', addresses()))).toBe('City is required.');
    expect(messageOf(byLabel('Last name', addresses()))).toBe('Last name is required.');
    await fillAddress('Home', {
      'Last name': 'Lovelace',
      'Address line 1': '12 Analytical Way',
      City: 'Boston',
      'Phone number': '6175550199',
    });
    await click(button('Add address', addresses()));
    await waitFor(() => expect(messageOf(byLabel('City', addresses()))).toBe(''));
    expect(messageOf(byLabel('State', addresses()))).toBe(
      'State must be the postal abbreviation, such as MA for Massachusetts.',
    );
    expect(messageOf(byLabel('ZIP code', addresses()))).toBe(
      'ZIP code must be 5 digits, or 5+4 such as 02139-4307.',
    );
    expect(messageOf(byLabel('City', addresses()))).toBe('');
    expect(addresses().textContent).toContain('No saved address yet');
  });

  it('stores every default the page offers', async () => {
    await choose(byLabel('Ordering mode', defaults()), 'own');
    await choose(byLabel('Shipping preference', defaults()), 'object');
    await choose(byLabel('Choose shipping by', defaults()), 'speed');
    await type(byLabel('Arrives in fewer than (days)', defaults()), '4');
    await type(byLabel('Shipping costs at most', defaults()), '7.50');
    await type(byLabel('Max price tolerance (%)', defaults()), '');
    await type(byLabel('Max price tolerance (amount)', defaults()), '5.00');
    await click(byLabel('Send orders as gifts', defaults()));
    await type(byLabel('Default gift message', defaults()), 'Happy birthday!');
    await type(byLabel('Managed discount (%)', defaults()), '-10');
    await type(byLabel('Queue timeout (seconds)', defaults()), '3600');
    await type(byLabel('Priority bid', defaults()), '1.50');
    await click(byLabel('Non-prime account (prime opt-out)', defaults()));
    await type(byLabel('Webhook: request failed', defaults()), 'https://hooks.example/failed');
    await click(byLabel('Notify when tracking arrives', defaults()));
    await type(byLabel('Check tracking every (minutes)', defaults()), '60');
    await type(byLabel('Lock the vault after idle (minutes)', defaults()), '5');
    await save();
    await waitFor(() => expect(statuses(defaults())).toContain('Defaults saved.'));

    expect(await ask('settings.get')).toMatchObject({
      mode: 'own',
      shipping: { kind: 'object', shipping: { order_by: 'speed', max_days: 4, max_price: 750 } },
      maxPriceTolerance: { percent: 0, amountCents: 500 },
      gift: { isGift: true, message: 'Happy birthday!' },
      managed: {
        discount: -10,
        queueTimeoutSeconds: 3600,
        primeOptout: true,
        priorityBidCents: 150,
      },
      webhooks: { request_failed: 'https://hooks.example/failed' },
      notifications: { tracking: false, placed: true },
      polling: { trackingMinutes: 60 },
      vaultIdleLockMinutes: 5,
    });
  });

  it('keeps seller criteria for every retailer and overrides per retailer', async () => {
    const criteria = () => defaults();
    await click(
      byLabel('Use the service’s defaults (prime, ships within 6 days, New)', criteria()),
    );
    await choose(byLabel('Prime', criteria()), 'yes');
    await type(byLabel('Ships within (days)', criteria()), '3');
    await choose(byLabel('Seller criteria for', defaults()), 'walmart');
    // A retailer without its own criteria starts from those of every retailer.
    expect(byLabel<HTMLSelectElement>('Prime', criteria()).value).toBe('yes');
    await type(byLabel('Ships within (days)', criteria()), '10');
    await save();
    await waitFor(() => expect(statuses(defaults())).toContain('Defaults saved.'));
    const settings = await ask('settings.get');
    expect(settings.sellerCriteria).toEqual({ prime: true, handling_days_max: 3 });
    expect(settings.sellerCriteriaByRetailer).toEqual({
      walmart: { prime: true, handling_days_max: 10 },
    });
  });

  it('refuses invalid values with a plain sentence at each field, and saves nothing', async () => {
    await type(byLabel('Managed discount (%)', defaults()), '20');
    await type(byLabel('Check orders being placed every (seconds)', defaults()), 'often');
    await type(byLabel('Webhook: status updated', defaults()), 'not a url');
    await click(
      byLabel('Use the service’s defaults (prime, ships within 6 days, New)', defaults()),
    );
    await type(byLabel('Ships within (days)', defaults()), '2.5');
    await save();
    await waitFor(() =>
      expect(messageOf(byLabel('Managed discount (%)', defaults()))).toBe(
        'Managed discount (%) must be 0 or less.',
      ),
    );
    expect(messageOf(byLabel('Check orders being placed every (seconds)', defaults()))).toBe(
      'Check orders being placed every (seconds) must be a number.',
    );
    expect(messageOf(byLabel('Webhook: status updated', defaults()))).toBe(
      'Webhook: status updated must be a full http(s) URL.',
    );
    expect(messageOf(byLabel('Ships within (days)', defaults()))).toBe(
      'Ships within (days) must be a whole number.',
    );
    expect(alerts(defaults())).toContain('Not saved: correct the fields marked above.');
    expect(await ask('settings.get')).toMatchObject({
      managed: { discount: 0 },
      polling: { fastSeconds: 5 },
      webhooks: {},
      sellerCriteria: null,
    });
  });
});
