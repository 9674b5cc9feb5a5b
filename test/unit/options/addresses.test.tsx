// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import {
  button,
  byLabel,
  click,
  messageOf,
  queryButton,
  region,
  statuses,
  type,
  waitFor,
} from './dom.ts';
import { ask, type OptionsPage, openOptions } from './options-env.tsx';

let page: OptionsPage;
const addresses = () =>
  [...region('Order defaults').querySelectorAll('fieldset')].find(
    (group) => group.querySelector('legend')?.textContent === 'Shipping addresses',
  ) as HTMLElement;
const radios = () =>
  [...addresses().querySelectorAll<HTMLInputElement>('input[type="radio"]')].map((radio) => [
    radio.labels?.[0]?.textContent,
    radio.checked,
  ]);

const HOME = {
  'First name': 'Ada',
  'Last name': 'Lovelace',
  'Address line 1': '12 Analytical Way',
  City: 'Boston',
  State: 'MA',
  'ZIP code': '02110',
  'Phone number': '6175550199',
};

async function fill(label: string, values: Record<string, string>) {
  await type(byLabel('Address label', addresses()), label);
  for (const [field, value] of Object.entries(values))
    await type(byLabel(field, addresses()), value);
}

async function add(label: string, values: Record<string, string>) {
  await fill(label, values);
  await click(button('Add address', addresses()));
  await waitFor(() =>
    expect(statuses(addresses()).join(' ')).toMatch(new RegExp(`^${label} added`)),
  );
}

/** A fresh page, as after a reload: only what was saved is there. */
async function reload() {
  page.unmount();
  page = await openOptions(undefined, { keep: true });
}

/** Addresses saved before the page opens, so the first-run guide's address step is done. */
const SAVED = [
  {
    id: 'home',
    label: 'Home',
    address: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      address_line1: '12 Analytical Way',
      city: 'Boston',
      state: 'MA',
      zip_code: '02110',
      country: 'US',
      phone_number: '6175550199',
    },
  },
  {
    id: 'office',
    label: 'Office',
    address: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      address_line1: '12 Analytical Way',
      city: 'Cambridge',
      state: 'MA',
      zip_code: '02139',
      country: 'US',
      phone_number: '6175550199',
    },
  },
];
const withSaved = (count: number) => async () => {
  page.unmount();
  page = await openOptions(() =>
    ask('settings.update', {
      patch: { addresses: SAVED.slice(0, count), defaultAddressId: 'home' },
    }),
  );
};

beforeEach(async () => {
  page = await openOptions();
});
afterEach(() => page.unmount());

describe('saved shipping addresses', () => {
  it('are saved as they are added, the first one the default, with no other button pressed', async () => {
    await add('Home', HOME);
    expect(statuses(addresses())).toContain('Home added as the default address.');
    let settings = await ask('settings.get');
    expect(settings.addresses).toEqual([
      {
        id: expect.any(String),
        label: 'Home',
        address: {
          first_name: 'Ada',
          last_name: 'Lovelace',
          address_line1: '12 Analytical Way',
          city: 'Boston',
          state: 'MA',
          zip_code: '02110',
          country: 'US',
          phone_number: '6175550199',
        },
      },
    ]);
    expect(settings.defaultAddressId).toBe(settings.addresses[0].id);
    // The form is empty again, ready for another address. On first run the next step is
    // the guide's: here the connection, not yet made (no token in this extension).
    expect(byLabel('Address label', addresses()).value).toBe('');
    await waitFor(() =>
      expect(document.activeElement?.textContent).toBe('Enter an address and token'),
    );

    await add('Office', {
      ...HOME,
      'Address line 1': '1 Engine St',
      City: 'Cambridge',
      'ZIP code': '02139',
    });
    expect(statuses(addresses())).toContain('Office added.');
    // Past the first run, focus goes to the address just added.
    expect(document.activeElement).toBe(byLabel('Office: 1 Engine St, Cambridge', addresses()));
    settings = await ask('settings.get');
    expect(settings.addresses.map((entry: { label: string }) => entry.label)).toEqual([
      'Home',
      'Office',
    ]);
    expect(settings.defaultAddressId).toBe(settings.addresses[0].id);

    await reload();
    await waitFor(() =>
      expect(radios()).toEqual([
        ['Home: 12 Analytical Way, Boston', true],
        ['Office: 1 Engine St, Cambridge', false],
      ]),
    );
  });

  it('are one radio group: choosing another default saves it at once, and no row says “(default)”', async () => {
    await withSaved(2)();
    const group = addresses().querySelector('fieldset') as HTMLFieldSetElement;
    expect(group.querySelector('legend')?.textContent).toBe('Default shipping address');
    const names = new Set(
      [...group.querySelectorAll<HTMLInputElement>('input[type="radio"]')].map(
        (radio) => radio.name,
      ),
    );
    expect(names.size).toBe(1);
    expect(addresses().textContent).not.toContain('(default)');

    await click(byLabel('Office: 12 Analytical Way, Cambridge', addresses()));
    await waitFor(() =>
      expect(statuses(addresses())).toContain('Office is now the default address.'),
    );
    const settings = await ask('settings.get');
    expect(settings.defaultAddressId).toBe(settings.addresses[1].id);
    expect(radios().filter(([, checked]) => checked)).toEqual([
      ['Office: 12 Analytical Way, Cambridge', true],
    ]);
  });

  it('are edited in place and saved at once; cancelling changes nothing', async () => {
    await withSaved(1)();
    await click(button('Edit Home', addresses()));
    // Focus goes to the form, which says what it edits and holds the address.
    expect(document.activeElement).toBe(byLabel('Address label', addresses()));
    expect(addresses().textContent).toContain('Edit Home');
    expect(byLabel('City', addresses()).value).toBe('Boston');
    await type(byLabel('City', addresses()), 'Salem');
    await type(byLabel('ZIP code', addresses()), '01970');
    await click(button('Save changes', addresses()));
    await waitFor(() => expect(statuses(addresses())).toContain('Changes to Home saved.'));
    expect(document.activeElement).toBe(button('Edit Home', addresses()));
    let settings = await ask('settings.get');
    expect(settings.addresses).toHaveLength(1);
    expect(settings.addresses[0].address).toMatchObject({ city: 'Salem', zip_code: '01970' });

    await click(button('Edit Home', addresses()));
    await type(byLabel('City', addresses()), 'Nowhere');
    await click(button('Cancel editing', addresses()));
    expect(document.activeElement).toBe(button('Edit Home', addresses()));
    expect(byLabel('City', addresses()).value).toBe('');
    settings = await ask('settings.get');
    expect(settings.addresses[0].address.city).toBe('Salem');
  });

  it('are deleted after one question, and the default moves to another address', async () => {
    await withSaved(2)();
    await click(button('Delete Home', addresses()));
    // One question, with focus on its answer; keeping the address changes nothing.
    expect(document.activeElement).toBe(button('Yes, delete Home', addresses()));
    await click(button('Keep Home', addresses()));
    expect((await ask('settings.get')).addresses).toHaveLength(2);
    expect(document.activeElement).toBe(button('Delete Home', addresses()));

    await click(button('Delete Home', addresses()));
    await click(button('Yes, delete Home', addresses()));
    await waitFor(() =>
      expect(statuses(addresses())).toContain('Home deleted; Office is now the default address.'),
    );
    const settings = await ask('settings.get');
    expect(settings.addresses.map((entry: { label: string }) => entry.label)).toEqual(['Office']);
    expect(settings.defaultAddressId).toBe(settings.addresses[0].id);
    expect(document.activeElement).toBe(
      byLabel('Office: 12 Analytical Way, Cambridge', addresses()),
    );

    await click(button('Delete Office', addresses()));
    await click(button('Yes, delete Office', addresses()));
    await waitFor(() => expect(statuses(addresses())).toContain('Office deleted.'));
    expect(await ask('settings.get')).toMatchObject({ addresses: [], defaultAddressId: null });
    expect(addresses().textContent).toContain('No saved address yet: add one below.');
    expect(document.activeElement).toBe(byLabel('Address label', addresses()));
  });

  it('refuses a state written out and a short ZIP code with what to write, at the field, with focus on the first', async () => {
    await fill('Home', { ...HOME, State: 'Massachusetts', 'ZIP code': '2139' });
    await click(button('Add address', addresses()));
    await waitFor(() =>
      expect(messageOf(byLabel('State', addresses()))).toBe(
        'State must be the postal abbreviation, such as MA for Massachusetts.',
      ),
    );
    expect(messageOf(byLabel('ZIP code', addresses()))).toBe(
      'ZIP code must be 5 digits, or 5+4 such as 02139-4307.',
    );
    expect(byLabel('State', addresses()).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(byLabel('State', addresses()));
    expect(addresses().textContent).toContain('No saved address yet');
    expect((await ask('settings.get')).addresses).toEqual([]);

    // Correcting a field takes its problem away, and only its own.
    await type(byLabel('State', addresses()), 'MA');
    expect(messageOf(byLabel('State', addresses()))).toBe('Two letters, such as MA.');
    expect(messageOf(byLabel('ZIP code', addresses()))).toBe(
      'ZIP code must be 5 digits, or 5+4 such as 02139-4307.',
    );
    await type(byLabel('ZIP code', addresses()), '02139');
    await click(button('Add address', addresses()));
    await expect.poll(async () => (await ask('settings.get')).addresses).toHaveLength(1);
  });

  it('refuses a country that is not a two-letter code, and names the label the address lacks', async () => {
    await fill('', { ...HOME, Country: 'USA' });
    await click(button('Add address', addresses()));
    await waitFor(() =>
      expect(messageOf(byLabel('Country', addresses()))).toBe(
        'Country must be a two-letter code such as US for United States.',
      ),
    );
    expect(messageOf(byLabel('Address label', addresses()))).toBe(
      'Label is required: name the address, such as Home.',
    );
    // The label comes first on the page: it has focus.
    expect(document.activeElement).toBe(byLabel('Address label', addresses()));
  });

  it('call the state and postal code as the country does', async () => {
    await type(byLabel('Country', addresses()), 'CA');
    expect(byLabel('Province', addresses())).toBeTruthy();
    expect(byLabel('Postal code', addresses())).toBeTruthy();
    await type(byLabel('Province', addresses()), 'Ontario');
    await type(byLabel('Postal code', addresses()), '12345');
    await click(button('Add address', addresses()));
    await waitFor(() =>
      expect(messageOf(byLabel('Province', addresses()))).toBe(
        'Province must be the postal abbreviation, such as ON for Ontario.',
      ),
    );
    expect(messageOf(byLabel('Postal code', addresses()))).toBe(
      'Postal code must be a Canadian postal code such as K1A 0B1.',
    );
    expect(queryButton('Save defaults', addresses())).toBeUndefined();
  });
});
