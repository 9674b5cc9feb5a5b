import { describe, expect, it } from 'vitest';
import { checkOrder } from '../../../src/background/bulk/check-orders.ts';
import { problemText } from '../../../src/shared/bulk/sources.ts';
import { defaultSettings } from '../../../src/shared/settings.ts';
import { type Cells, GOOD, managed, schemaSays, withHome, words } from './check-env.ts';

describe('every kind of bad row is told by row and column', () => {
  const cases: [string, Cells[], string[]][] = [
    [
      'a quantity of 0',
      [{ ...GOOD, quantity: '0' }],
      ['Row 2, quantity: must be a whole number of at least 1.'],
    ],
    [
      'a quantity in words',
      [{ ...GOOD, quantity: 'two' }],
      ['Row 2, quantity: must be a whole number of at least 1.'],
    ],
    [
      'a fractional quantity',
      [{ ...GOOD, quantity: '1.5' }],
      ['Row 2, quantity: must be a whole number of at least 1.'],
    ],
    [
      'a max_price that is no amount',
      [{ ...GOOD, max_price: 'twenty' }],
      ['Row 2, max_price: must be an amount such as 25.00, in USD.'],
    ],
    [
      'a managed order without max_price',
      [{ ...GOOD, max_price: '' }],
      [
        'Row 2, max_price: is required for a managed order: give the most the order may cost, such as 25.00 (or an item_price on each row).',
      ],
    ],
    [
      'an unknown retailer',
      [{ ...GOOD, retailer: 'ebay' }],
      [
        'Row 2, retailer: must be the code of a supported retailer: amazon, amazon_uk, amazon_ca, amazon_de, amazon_mx, walmart, costco, homedepot, aliexpress.',
      ],
    ],
    [
      'a product_url that is no product page',
      [{ ...GOOD, retailer: '', product_id: '', product_url: 'https://www.amazon.com/s?k=socks' }],
      [
        'Row 2, product_url: is not a product page Buyline recognises: give the address of a product page on a supported storefront (such as https://www.amazon.com/dp/B0…), or give retailer and product_id instead.',
      ],
    ],
    [
      'a product_id that disagrees with the product_url',
      [{ ...GOOD, product_url: 'https://www.amazon.com/dp/B0HANDLING' }],
      [
        'Row 2, product_id: differs from the product in product_url (B0HANDLING): keep one of the two, or make them agree.',
      ],
    ],
    [
      'a retailer that disagrees with the product_url',
      [{ ...GOOD, product_id: '', product_url: 'https://www.walmart.com/ip/900000001' }],
      [
        'Row 2, retailer: is amazon, but product_url is a walmart page: keep one of the two, or make them agree.',
      ],
    ],
    [
      'no product at all',
      [{ ...GOOD, product_id: '' }],
      ['Row 2, product_id: is empty: give the product id (with retailer), or a product_url.'],
    ],
    [
      'no retailer',
      [{ ...GOOD, retailer: '' }],
      ['Row 2, retailer: is empty: give the retailer code (such as amazon), or a product_url.'],
    ],
    [
      'is_gift that is not yes or no',
      [{ ...GOOD, is_gift: 'maybe' }],
      ['Row 2, is_gift: must be yes or no.'],
    ],
    [
      'a gift message on an order that is no gift',
      [{ ...GOOD, gift_message: 'Hi!' }],
      [
        'Row 2, gift_message: is given but the order is not a gift: set is_gift to yes, or remove the message.',
      ],
    ],
    [
      'a gift message too long for the packing slip',
      [{ ...GOOD, is_gift: 'yes', gift_message: 'x'.repeat(241) }],
      ['Row 2, gift_message: must be at most 240 characters: shorten it.'],
    ],
    [
      'client notes that start as JSON and are not',
      [{ ...GOOD, client_notes: '{ref: 12' }],
      [
        'Row 2, client_notes: starts like JSON but is not a JSON object: write plain text, or an object such as {"ref": "A-12"}.',
      ],
    ],
    [
      'rows of one order that disagree on an order field',
      [GOOD, { ...GOOD, product_id: 'B0HANDLING', city: 'Boston' }],
      [
        'Row 3, city: differs from row 2 of the same order (order_key K1): give it once, or the same on every row of the order.',
      ],
    ],
    [
      'rows of one order for two retailers',
      [GOOD, { retailer: 'amazon_uk', product_id: 'B0UKCANCEL' }],
      [
        'Row 3, retailer: is amazon_uk, but row 2 of the same order is amazon: one order goes to one retailer, so give this row another order_key.',
      ],
    ],
    [
      'a managed order where managed accounts do not serve',
      [{ ...GOOD, retailer: 'walmart', product_id: '900000001' }],
      [
        'Row 2, retailer: managed accounts order only on Amazon and Amazon UK: choose “My own retailer account” as the ordering mode, or take this row out of the file.',
      ],
    ],
    [
      'an item_price that is no amount',
      [{ ...GOOD, max_price: '', item_price: 'cheap' }],
      // The missing max_price is the item_price cell's problem: told once, there.
      ['Row 2, item_price: must be an amount such as 12.50, in USD.'],
    ],
  ];
  for (const [name, rows, expected] of cases) {
    it(name, () => {
      expect(words(rows)).toEqual(expected);
    });
  }

  it('an unknown shipping method, with the methods there are', () => {
    const [problem, ...more] = words([{ ...GOOD, shipping_method: 'overnight' }]);
    expect(more).toEqual([]);
    expect(problem).toMatch(/^Row 2, shipping_method: must be one of\b/);
    for (const method of ['cheapest', 'fastest', 'marketplace_day', 'free'])
      expect(problem).toContain(method);
  });

  const addressCases: [string, string, Cells][] = [
    ['a US ZIP code that is not one', 'zip_code', { ...GOOD, zip_code: '2139' }],
    ['a US state that is not one', 'state', { ...GOOD, state: 'Mass' }],
    ['a country that is not a code', 'country', { ...GOOD, country: 'USA' }],
    ['an address with a cell left out', 'city', { ...GOOD, city: '' }],
  ];
  for (const [name, column, cells] of addressCases) {
    it(`${name}, in the address check’s own words`, () => {
      expect(words([cells])).toEqual([`Row 2, ${column}: ${schemaSays(column, cells)}`]);
    });
  }

  it('row numbers follow the file, and each cell is told once', () => {
    const cells = { ...GOOD, quantity: '-3', zip_code: 'x' };
    expect(words([cells], managed(), 12)).toEqual([
      'Row 12, quantity: must be a whole number of at least 1.',
      `Row 12, zip_code: ${schemaSays('zip_code', cells)}`,
    ]);
  });

  it('a row without an address when no default address is saved', () => {
    const {
      first_name,
      last_name,
      address_line1,
      zip_code,
      city,
      state,
      country,
      phone_number,
      ...rest
    } = GOOD;
    expect(words([rest], managed(defaultSettings()))).toEqual([
      'Row 2, shipping address: is empty and no default address is saved: fill the address columns, or save a default address in Options.',
    ]);
  });

  it('a problem in a saved default names the default', () => {
    const settings = withHome({ gift: { isGift: true, message: 'x\n'.repeat(10).trim() } });
    const { is_gift: _, ...rest } = GOOD;
    expect(words([rest], managed(settings))).toEqual([
      'Row 2, gift (Options): must be at most 9 lines: join some lines.',
    ]);
  });

  it('trouble found while reading the row stays with the row', () => {
    const order = checkOrder(
      {
        rows: [
          {
            row: 7,
            cells: GOOD,
            issues: ['has a double quote that is never closed: close it, or remove the quote.'],
          },
        ],
      },
      managed(),
    );
    expect(order.problems.map(problemText)).toEqual([
      'Row 7: has a double quote that is never closed: close it, or remove the quote.',
    ]);
  });
});
