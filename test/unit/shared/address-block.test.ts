import { describe, expect, it } from 'vitest';
import { readAddressBlock } from '../../../src/shared/address-block.ts';
import type { AddressText } from '../../../src/shared/address-rules.ts';

// A pasted address block, split into fields: each value as written (a country's name
// becomes its code), nothing made up, and whatever fits no field handed back.

const JANE = {
  first_name: 'Jane',
  last_name: 'Doe',
  address_line1: '77 Massachusetts Ave',
  address_line2: 'Apt 4',
  city: 'Cambridge',
  state: 'MA',
  zip_code: '02139',
};

const cases: [name: string, block: string, address: AddressText, unread?: string[]][] = [
  [
    'a US block on lines, with the phone last',
    'Jane Doe\n77 Massachusetts Ave, Apt 4\nCambridge, MA 02139\nUSA\n+1 617 555 0100',
    { ...JANE, country: 'US', phone_number: '+1 617 555 0100' },
  ],
  [
    'the same on one line with commas',
    'Jane Doe, 77 Massachusetts Ave, Apt 4, Cambridge, MA 02139, USA',
    { ...JANE, country: 'US' },
  ],
  [
    'the phone on the first line',
    '(617) 555-0100\nJane Doe\n77 Massachusetts Ave\nApt 4\nCambridge, MA 02139\nUnited States',
    { ...JANE, country: 'US', phone_number: '(617) 555-0100' },
  ],
  [
    'a labelled phone between the lines',
    'Jane Doe\n77 Massachusetts Ave, Apt 4\nPhone: 617-555-0100\nCambridge, MA 02139\nUS',
    { ...JANE, country: 'US', phone_number: '617-555-0100' },
  ],
  [
    'no country: none is assumed',
    'Jane Doe\n77 Massachusetts Ave, Apt 4\nCambridge, MA 02139',
    JANE,
  ],
  [
    'a ZIP+4, and the town line without a comma',
    'Jane Doe\n77 Massachusetts Ave\nCambridge MA 02139-4307',
    {
      first_name: 'Jane',
      last_name: 'Doe',
      address_line1: '77 Massachusetts Ave',
      city: 'Cambridge',
      state: 'MA',
      zip_code: '02139-4307',
    },
  ],
  [
    'a state written out, kept as written',
    'Jane Doe\n77 Massachusetts Ave, Apt 4\nCambridge, Massachusetts 02139\nUSA',
    { ...JANE, state: 'Massachusetts', country: 'US' },
  ],
  [
    'a state written out without a comma',
    'Jane Doe\n350 Fifth Avenue\nNew York New York 10118',
    {
      first_name: 'Jane',
      last_name: 'Doe',
      address_line1: '350 Fifth Avenue',
      city: 'New York',
      state: 'New York',
      zip_code: '10118',
    },
  ],
  [
    'the state on its own between town and ZIP code',
    'Jane Doe, 77 Massachusetts Ave, Apt 4, Cambridge, MA, 02139, USA',
    { ...JANE, country: 'US' },
  ],
  [
    'CA as California, not Canada',
    'Ann Lee\n1 Market St\nLos Angeles, CA 90001\nUSA',
    {
      first_name: 'Ann',
      last_name: 'Lee',
      address_line1: '1 Market St',
      city: 'Los Angeles',
      state: 'CA',
      zip_code: '90001',
      country: 'US',
    },
  ],
  [
    'a UK block with its postcode on a line of its own',
    'John Smith\nFlat 2, 10 Downing Street\nLondon\nSW1A 2AA\nUnited Kingdom\nTel: +44 20 7946 0958',
    {
      first_name: 'John',
      last_name: 'Smith',
      address_line1: '10 Downing Street',
      address_line2: 'Flat 2',
      city: 'London',
      zip_code: 'SW1A 2AA',
      country: 'GB',
      phone_number: '+44 20 7946 0958',
    },
  ],
  [
    'a UK block with town and postcode on one line',
    'Mary Ann Jones\n221B Baker Street\nLondon NW1 6XE\nUK',
    {
      first_name: 'Mary Ann',
      last_name: 'Jones',
      address_line1: '221B Baker Street',
      city: 'London',
      zip_code: 'NW1 6XE',
      country: 'GB',
    },
  ],
  [
    'a Canadian block',
    'Marie Tremblay\n24 Sussex Drive\nOttawa ON K1M 1M4\nCanada',
    {
      first_name: 'Marie',
      last_name: 'Tremblay',
      address_line1: '24 Sussex Drive',
      city: 'Ottawa',
      state: 'ON',
      zip_code: 'K1M 1M4',
      country: 'CA',
    },
  ],
  [
    'a Canadian block on one line',
    'Marie Tremblay, 24 Sussex Drive, Ottawa, ON, K1M 1M4, Canada',
    {
      first_name: 'Marie',
      last_name: 'Tremblay',
      address_line1: '24 Sussex Drive',
      city: 'Ottawa',
      state: 'ON',
      zip_code: 'K1M 1M4',
      country: 'CA',
    },
  ],
  [
    'a German block, postal code before the town',
    'Max Mustermann\nMusterstraße 12\n10115 Berlin\nGermany',
    {
      first_name: 'Max',
      last_name: 'Mustermann',
      address_line1: 'Musterstraße 12',
      city: 'Berlin',
      zip_code: '10115',
      country: 'DE',
    },
  ],
  [
    'a company line and an email, handed back',
    'Jane Doe\nAcme Widgets LLC\n77 Massachusetts Ave, Suite 200\nCambridge, MA 02139\njane@example.com',
    { ...JANE, address_line2: 'Suite 200' },
    ['Acme Widgets LLC', 'jane@example.com'],
  ],
  [
    'a second line that is not a unit',
    'Jane Doe\n77 Massachusetts Ave\nRear building\nCambridge, MA 02139',
    { ...JANE, address_line2: 'Rear building' },
  ],
  [
    'a PO box',
    'Jane Doe\nPO Box 12345\nCambridge, MA 02139',
    {
      first_name: 'Jane',
      last_name: 'Doe',
      address_line1: 'PO Box 12345',
      city: 'Cambridge',
      state: 'MA',
      zip_code: '02139',
    },
  ],
  [
    'untidy spacing, blank lines and Windows line ends',
    '  Jane   Doe \r\n\r\n77 Massachusetts Ave ,  Apt 4\r\nCambridge ,MA 02139 \r\n',
    JANE,
  ],
  [
    'one line without commas: nothing is guessed',
    'Jane Doe 77 Massachusetts Ave Cambridge MA 02139',
    {},
    ['Jane Doe 77 Massachusetts Ave Cambridge MA 02139'],
  ],
  [
    'no town line: the town and state are handed back, not guessed',
    'Jane Doe\n77 Massachusetts Ave\nCambridge\nMA',
    { first_name: 'Jane', last_name: 'Doe', address_line1: '77 Massachusetts Ave' },
    ['Cambridge', 'MA'],
  ],
  [
    'labels before the lines',
    'Ship to: Jane Doe\nAddress: 77 Massachusetts Ave, Apt 4\nCambridge, MA 02139',
    JANE,
  ],
  ['nothing at all', '  \n ', {}],
];

describe('reading a pasted address block', () => {
  it.each(cases)('%s', (_name, block, address, unread = []) => {
    expect(readAddressBlock(block)).toEqual({ address, unread });
  });

  it('never gives a value that is not in the text, except a country’s code', () => {
    for (const [, block] of cases) {
      const { address } = readAddressBlock(block);
      for (const [field, value] of Object.entries(address)) {
        if (field === 'country') continue;
        expect(block.replace(/\s+/g, ' ').toUpperCase()).toContain(value.toUpperCase());
      }
    }
  });

  it('does not take a ZIP+4 or a short number for a phone number', () => {
    expect(
      readAddressBlock('Jane Doe\n1 Main St\nCambridge, MA\n02139-4307').address.phone_number,
    ).toBeUndefined();
    expect(readAddressBlock('Jane Doe\n1 Main St\n555 0100').address.phone_number).toBeUndefined();
  });
});
