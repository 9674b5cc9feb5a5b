import { describe, expect, it } from 'vitest';
import { addressSchema } from '../../../src/api/schemas/address.ts';
import { orderRequestSchema } from '../../../src/api/schemas/order-request.ts';
import {
  CA_PROVINCES,
  countryCode,
  subdivisionCode,
  US_STATES,
} from '../../../src/shared/address-codes.ts';
import {
  addressFieldLabel,
  addressProblems,
  normaliseAddress,
} from '../../../src/shared/address-rules.ts';
import { COUNTRY_CODES } from '../../../src/shared/country-codes.ts';
import { ADDRESS, MANAGED_ORDER } from '../../fixtures.ts';

// The address rules of decisions.md, each problem one sentence naming the field as its
// label does; and the service schema refusing with the same sentences at the same fields.

const problemsOf = (changes: Record<string, unknown>) =>
  addressProblems({ ...ADDRESS, ...changes });

describe('the lists of codes', () => {
  it('hold every ISO 3166-1 alpha-2 code and nothing else', () => {
    expect(COUNTRY_CODES.size).toBe(249);
    for (const code of ['US', 'GB', 'CA', 'MX', 'DE', 'AX', 'BQ', 'CW', 'SS', 'SX'])
      expect(COUNTRY_CODES.has(code)).toBe(true);
    // Reserved or withdrawn codes are not countries one can ship to by code.
    for (const code of ['UK', 'EU', 'ZZ', 'AN', 'YU', 'XK'])
      expect(COUNTRY_CODES.has(code)).toBe(false);
  });

  it('hold the 50 states, DC, five territories and three military codes, and 13 provinces', () => {
    expect(Object.keys(US_STATES)).toHaveLength(59);
    for (const code of ['DC', 'AS', 'GU', 'MP', 'PR', 'VI', 'AA', 'AE', 'AP'])
      expect(US_STATES[code]).toBeDefined();
    expect(Object.keys(CA_PROVINCES).sort()).toEqual(
      'AB BC MB NB NL NS NT NU ON PE QC SK YT'.split(' '),
    );
  });

  it('find a code from the name people type, and only from an exact name', () => {
    expect(countryCode('United States')).toBe('US');
    expect(countryCode('USA')).toBe('US');
    expect(countryCode('U.S.A.')).toBe('US');
    expect(countryCode('us')).toBe('US');
    expect(countryCode('United Kingdom')).toBe('GB');
    expect(countryCode('UK')).toBe('GB');
    expect(countryCode('Canada')).toBe('CA');
    expect(countryCode('México')).toBe('MX');
    expect(countryCode('Atlantis')).toBeUndefined();
    expect(subdivisionCode('US', 'massachusetts')).toBe('MA');
    expect(subdivisionCode('US', 'New  York')).toBe('NY');
    expect(subdivisionCode('US', 'West Virginia')).toBe('WV');
    expect(subdivisionCode('US', 'Mass')).toBeUndefined();
    expect(subdivisionCode('CA', 'Québec')).toBe('QC');
    expect(subdivisionCode('GB', 'London')).toBeUndefined();
  });
});

describe('an address', () => {
  it('is fine as the fixtures write it, and with its optional fields', () => {
    expect(addressProblems(ADDRESS)).toEqual([]);
    expect(
      problemsOf({ address_line2: 'Apt 4', instructions: 'Back door', zip_code: '02139-4307' }),
    ).toEqual([]);
    expect(problemsOf({ address_line2: '', instructions: '' })).toEqual([]);
  });

  it('needs every required field, each named as its label is', () => {
    const empty = addressProblems({ address_line2: 'Apt 4' });
    expect(empty.map((problem) => problem.message)).toEqual([
      'First name is required.',
      'Last name is required.',
      'Address line 1 is required.',
      'City is required.',
      'State is required.',
      'ZIP code is required.',
      'Country is required.',
      'Phone number is required.',
    ]);
    expect(problemsOf({ city: '   ' })).toEqual([{ field: 'city', message: 'City is required.' }]);
    expect(problemsOf({ last_name: 7 })).toEqual([
      { field: 'last_name', message: 'Last name must be text.' },
    ]);
  });

  it.each([
    ['USA', 'Country must be a two-letter code such as US for United States.', 'US'],
    ['United Kingdom', 'Country must be a two-letter code such as GB for United Kingdom.', 'GB'],
    ['us', 'Country must be written in capitals: US.', 'US'],
    ['Narnia', 'Country must be a two-letter code such as US.', undefined],
    ['ZZ', 'Country must be a two-letter code such as US.', undefined],
  ])('refuses the country %j: %s', (country, message, suggestion) => {
    expect(problemsOf({ country })).toEqual([
      { field: 'country', message, ...(suggestion ? { suggestion } : {}) },
    ]);
  });

  it.each([
    ['Massachusetts', 'State must be the postal abbreviation, such as MA for Massachusetts.', 'MA'],
    ['texas', 'State must be the postal abbreviation, such as TX for Texas.', 'TX'],
    ['Mass', 'State must be the postal abbreviation, such as MA for Massachusetts.', undefined],
    ['ma', 'State must be written in capitals: MA.', 'MA'],
    ['ON', 'State must be the postal abbreviation, such as MA for Massachusetts.', undefined],
  ])('refuses the US state %j: %s', (state, message, suggestion) => {
    expect(problemsOf({ state })).toEqual([
      { field: 'state', message, ...(suggestion ? { suggestion } : {}) },
    ]);
  });

  it('takes every US abbreviation, territories and military ones included', () => {
    for (const state of Object.keys(US_STATES)) expect(problemsOf({ state })).toEqual([]);
  });

  it.each([
    ['2139', undefined],
    ['021394', undefined],
    ['02139-43', undefined],
    ['ABCDE', undefined],
    ['021394307', '02139-4307'],
  ])('refuses the US ZIP code %j', (zip_code, suggestion) => {
    expect(problemsOf({ zip_code })).toEqual([
      {
        field: 'zip_code',
        message: 'ZIP code must be 5 digits, or 5+4 such as 02139-4307.',
        ...(suggestion ? { suggestion } : {}),
      },
    ]);
  });

  it('checks a Canadian address by its province and postal code, called so', () => {
    const canadian = { ...ADDRESS, country: 'CA', state: 'ON', zip_code: 'K1A 0B1' };
    expect(addressProblems(canadian)).toEqual([]);
    expect(addressProblems({ ...canadian, zip_code: 'k1a0b1' })).toEqual([]);
    expect(addressProblems({ ...canadian, state: 'Ontario', zip_code: 'K1A 0B' })).toEqual([
      {
        field: 'state',
        message: 'Province must be the postal abbreviation, such as ON for Ontario.',
        suggestion: 'ON',
      },
      { field: 'zip_code', message: 'Postal code must be a Canadian postal code such as K1A 0B1.' },
    ]);
    // D, F, I, O, Q and U never appear in a Canadian postal code.
    expect(addressProblems({ ...canadian, zip_code: 'D1A 0B1' }).map((p) => p.field)).toEqual([
      'zip_code',
    ]);
  });

  it('checks a UK postcode loosely, and takes any county', () => {
    const british = { ...ADDRESS, country: 'GB', state: 'London', zip_code: 'SW1A 1AA' };
    expect(addressProblems(british)).toEqual([]);
    for (const zip_code of [
      'EC1A 1BB',
      'W1A 0AX',
      'M1 1AE',
      'B33 8TH',
      'CR2 6XH',
      'DN55 1PT',
      'GIR 0AA',
      'sw1a1aa',
    ])
      expect(addressProblems({ ...british, zip_code })).toEqual([]);
    expect(addressProblems({ ...british, zip_code: '12345' })).toEqual([
      { field: 'zip_code', message: 'Postcode must be a UK postcode such as SW1A 1AA.' },
    ]);
  });

  it('only needs the state and postal code filled in where no format is known', () => {
    expect(
      addressProblems({ ...ADDRESS, country: 'DE', state: 'Berlin', zip_code: '10115' }),
    ).toEqual([]);
    expect(
      addressProblems({ ...ADDRESS, country: 'MX', state: 'Jalisco', zip_code: '44100' }),
    ).toEqual([]);
    expect(addressProblems({ ...ADDRESS, country: 'DE', state: '' })).toEqual([
      { field: 'state', message: 'State or region is required.' },
    ]);
  });

  it('takes a phone number as written: the service’s rules for it are not known', () => {
    expect(problemsOf({ phone_number: '+44 (0)20 7946 0958' })).toEqual([]);
    expect(problemsOf({ phone_number: 'ext. 12' })).toEqual([]);
  });

  it('labels the fields as the country calls them', () => {
    expect(addressFieldLabel('state')).toBe('State');
    expect(addressFieldLabel('zip_code', 'us')).toBe('ZIP code');
    expect(addressFieldLabel('zip_code', 'PR')).toBe('ZIP code');
    expect(addressFieldLabel('state', 'CA')).toBe('Province');
    expect(addressFieldLabel('zip_code', 'GB')).toBe('Postcode');
    expect(addressFieldLabel('zip_code', 'FR')).toBe('Postal code');
    expect(addressFieldLabel('address_line1', 'FR')).toBe('Address line 1');
  });
});

describe('normalising an address', () => {
  it('trims, puts codes in capitals, and suggests rather than rewrites a name', () => {
    const { address, suggestions } = normaliseAddress({
      ...ADDRESS,
      first_name: '  Jane ',
      country: ' us',
      state: 'Massachusetts ',
      zip_code: '021394307',
    });
    expect(address).toEqual({
      ...ADDRESS,
      country: 'US',
      state: 'Massachusetts',
      zip_code: '021394307',
    });
    expect(suggestions).toEqual([
      {
        field: 'state',
        suggestion: 'MA',
        message: 'State must be the postal abbreviation, such as MA for Massachusetts.',
      },
      {
        field: 'zip_code',
        suggestion: '02139-4307',
        message: 'ZIP code must be 5 digits, or 5+4 such as 02139-4307.',
      },
    ]);
  });

  it('puts a known abbreviation in capitals and leaves a county as typed', () => {
    expect(normaliseAddress({ ...ADDRESS, state: 'ma' }).address.state).toBe('MA');
    const british = normaliseAddress({
      ...ADDRESS,
      country: 'gb',
      state: 'London',
      zip_code: 'SW1A 1AA',
    });
    expect(british.address).toMatchObject({ country: 'GB', state: 'London' });
    expect(british.suggestions).toEqual([]);
  });

  it('suggests the code of a country typed by name', () => {
    expect(normaliseAddress({ ...ADDRESS, country: 'United States' }).suggestions).toEqual([
      {
        field: 'country',
        suggestion: 'US',
        message: 'Country must be a two-letter code such as US for United States.',
      },
    ]);
  });
});

describe('the service schema', () => {
  const issuesOf = (input: unknown) => {
    const checked = orderRequestSchema().safeParse(input);
    return checked.success
      ? []
      : checked.error.issues.map((issue) => ({
          path: issue.path.join('.'),
          message: issue.message,
        }));
  };

  it('refuses a state and a ZIP code with the rules’ sentences, at their fields', () => {
    const order = {
      ...MANAGED_ORDER,
      shipping_address: { ...ADDRESS, state: 'Massachusetts', zip_code: '2139' },
    };
    expect(issuesOf(order)).toEqual([
      {
        path: 'shipping_address.state',
        message: 'State must be the postal abbreviation, such as MA for Massachusetts.',
      },
      {
        path: 'shipping_address.zip_code',
        message: 'ZIP code must be 5 digits, or 5+4 such as 02139-4307.',
      },
    ]);
  });

  it('accepts the fixtures’ address, trimmed, and still refuses fields it does not know', () => {
    expect(issuesOf(MANAGED_ORDER)).toEqual([]);
    expect(addressSchema.parse({ ...ADDRESS, city: ' Cambridge ' })).toEqual(ADDRESS);
    expect(
      issuesOf({ ...MANAGED_ORDER, shipping_address: { ...ADDRESS, county: 'Middlesex' } }),
    ).toEqual([{ path: 'shipping_address', message: expect.stringContaining('county') }]);
  });

  it('reports a missing field as required, by its label', () => {
    const { first_name: _left, ...rest } = ADDRESS;
    expect(issuesOf({ ...MANAGED_ORDER, shipping_address: rest })).toEqual([
      { path: 'shipping_address.first_name', message: 'First name is required.' },
    ]);
    const { shipping_address: _none, ...withoutAddress } = MANAGED_ORDER;
    expect(issuesOf(withoutAddress)).toEqual([
      { path: 'shipping_address', message: 'is required: add it.' },
    ]);
    expect(issuesOf({ ...MANAGED_ORDER, shipping_address: '1 Main St' })).toEqual([
      { path: 'shipping_address', message: 'must be an object.' },
    ]);
  });
});
