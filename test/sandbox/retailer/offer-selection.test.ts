import { describe, expect, it } from 'vitest';
import { createSimulatedRetailer, TEST_PRODUCTS } from '../../../sandbox/retailer/index.ts';
import {
  handlingDays,
  type SelectionContext,
  selectionPrice,
  selectOffer,
} from '../../../sandbox/retailer/offer-selection.ts';
import {
  ADDRESS,
  catalogOf,
  catalogProduct,
  ctx,
  failed,
  item,
  managed,
  offer,
  own,
  product,
  retailer,
  sellerOrCode,
} from './retailer-fixtures.ts';

const context: SelectionContext = {
  quantity: 1,
  postalCode: '02139',
  promos: [],
  takeBuyBox: false,
};
const pick = (
  offers: ReturnType<typeof offer>[],
  criteria: Record<string, unknown>,
  more: Partial<SelectionContext> = {},
) => {
  const selection = selectOffer(product(offers), criteria, { ...context, ...more });
  return 'offer' in selection
    ? selection.offer.merchant_id
    : `none: ${selection.excluded.criterion}`;
};

describe('offer selection with no criteria', () => {
  it('applies the spec’s default: a cheaper non-prime offer and a cheaper used offer are not chosen', () => {
    const made = product([
      offer({ merchant_id: 'NOPRIME', prime: false, price: 700 }),
      offer({ merchant_id: 'USED', condition: 'Used - Like New', price: 600 }),
      offer({ merchant_id: 'SLOWSHIP', handling_days: 7, price: 500 }),
      offer({ merchant_id: 'CHOSEN', price: 900 }),
    ]);
    const placedWith = (criteria?: Record<string, unknown>) =>
      sellerOrCode(
        createSimulatedRetailer(catalogOf(made)).place(
          managed({ products: [item('B0TESTTEST', 1, criteria)] }),
          ctx(),
        ),
      );
    expect(placedWith()).toBe('CHOSEN');
    // The same offers with an empty criteria object: the cheapest of all wins.
    expect(placedWith({})).toBe('SLOWSHIP');
  });

  it('takes, of the catalog’s three sellers, the only one that ships within 6 days', () => {
    expect(
      sellerOrCode(
        retailer.place(managed({ products: [item(TEST_PRODUCTS.handlingDays)] }), ctx()),
      ),
    ).toBe('A2QUICKSHIP');
  });

  it('leaves prime out on storefronts that have no prime', () => {
    // Walmart offers are never prime; the default still keeps New offers shipping within 6 days.
    const request = own({ retailer: 'walmart', products: [item('473723880')] });
    expect(sellerOrCode(retailer.place(request, ctx()))).toBe('WALMART');
  });
});

describe('the criteria', () => {
  it('handling_days_max: of two sellers, the one that ships within the limit is selected', () => {
    const offers = [
      offer({ merchant_id: 'LATE', handling_days: 8, price: 1000 }),
      offer({ merchant_id: 'INTIME', handling_days: 2, price: 2000 }),
    ];
    expect(pick(offers, { handling_days_max: 3 })).toBe('INTIME');
    expect(pick(offers, { handling_days_max: 8 })).toBe('LATE');
  });

  it('an offer with no handling information counts the product’s longest projected arrival', () => {
    const unknown = offer({ merchant_id: 'UNKNOWN', handling_days: null, price: 500 });
    const known = offer({ merchant_id: 'KNOWN', handling_days: 4, price: 900 });
    // The made-up product ships in 5 or 9 days: the unknown seller counts as 9.
    expect(handlingDays(unknown, product([unknown]))).toBe(9);
    expect(pick([unknown, known], { handling_days_max: 8 })).toBe('KNOWN');
    expect(pick([unknown, known], { handling_days_max: 9 })).toBe('UNKNOWN');
  });

  it('takes the cheapest offer that remains, and on a price tie the one that ships sooner', () => {
    expect(
      pick(
        [
          offer({ merchant_id: 'A', price: 1200 }),
          offer({ merchant_id: 'B', price: 1100 }),
          offer({ merchant_id: 'C', price: 1300 }),
        ],
        {},
      ),
    ).toBe('B');
    expect(
      pick(
        [
          offer({ merchant_id: 'LATER', price: 1100, handling_days: 3 }),
          offer({ merchant_id: 'SOONER', price: 1100, handling_days: 1 }),
        ],
        {},
      ),
    ).toBe('SOONER');
  });

  // Each row: the criteria, and which of these offers remains cheapest (or which criterion emptied the list).
  const all = [
    offer({ merchant_id: 'ADDON', addon: true, price: 100 }),
    offer({ merchant_id: 'BOX', buy_box: true, price: 200 }),
    offer({ merchant_id: 'FIRST', first_party: true, price: 300, ratings_count: 0 }),
    offer({ merchant_id: 'INTL', international: true, price: 400 }),
    offer({ merchant_id: 'REFURB', condition: 'Refurbished', price: 500 }),
    offer({ merchant_id: 'FEWRATINGS', ratings_count: 3, price: 600 }),
    offer({ merchant_id: 'LOWFEEDBACK', positive_percent: 70, price: 700 }),
    offer({ merchant_id: 'NOPRIME', prime: false, price: 800 }),
    offer({ merchant_id: 'OOS', stock: 0, price: 50 }),
    offer({ merchant_id: 'PLAIN', price: 2000 }),
  ];
  it.each([
    [{}, 'ADDON'],
    [{ addon: true }, 'ADDON'],
    [{ addon: false }, 'BOX'],
    [{ buy_box: true }, 'BOX'],
    [{ buy_box: false, addon: false }, 'FIRST'],
    [{ condition_in: ['Refurbished'] }, 'REFURB'],
    [{ condition_in: ['Used - Good'] }, 'none: condition_in'],
    [{ condition_not_in: ['New'] }, 'REFURB'],
    [{ first_party_seller: true }, 'FIRST'],
    [{ first_party_seller: false, addon: false, buy_box: false }, 'INTL'],
    [{ international: true }, 'INTL'],
    [{ international: false, merchant_id_in: ['INTL', 'PLAIN'] }, 'PLAIN'],
    [{ max_item_price: 150 }, 'ADDON'],
    [{ max_item_price: 99 }, 'none: max_item_price'],
    [{ merchant_id_in: ['FEWRATINGS', 'LOWFEEDBACK'] }, 'FEWRATINGS'],
    [{ merchant_id_in: ['NOBODY'] }, 'none: merchant_id_in'],
    [{ merchant_id_not_in: ['ADDON', 'BOX', 'FIRST'] }, 'INTL'],
    [{ min_seller_num_ratings: 10, merchant_id_in: ['FEWRATINGS', 'LOWFEEDBACK'] }, 'LOWFEEDBACK'],
    // The storefront itself has no rating of its own and passes rating criteria.
    [{ min_seller_num_ratings: 10_000, merchant_id_in: ['FIRST', 'PLAIN'] }, 'FIRST'],
    [
      { min_seller_percent_positive_feedback: 90, merchant_id_in: ['LOWFEEDBACK', 'PLAIN'] },
      'PLAIN',
    ],
    [{ prime: true, merchant_id_in: ['NOPRIME', 'PLAIN'] }, 'PLAIN'],
    [{ prime: false }, 'NOPRIME'],
    [{ allow_oos: true }, 'OOS'],
  ])('%j takes %s', (criteria, expected) => {
    expect(pick(all, criteria)).toBe(expected);
  });

  it('excludes offers whose stock does not cover the quantity, unless allow_oos', () => {
    const offers = [
      offer({ merchant_id: 'TWO', stock: 2, price: 100 }),
      offer({ merchant_id: 'MANY', stock: 50, price: 900 }),
    ];
    expect(pick(offers, {}, { quantity: 2 })).toBe('TWO');
    expect(pick(offers, {}, { quantity: 3 })).toBe('MANY');
    expect(pick(offers, {}, { quantity: 51 })).toBe('none: stock');
    expect(pick(offers, { allow_oos: true }, { quantity: 51 })).toBe('TWO');
  });

  it('take_buybox_offers takes the buy-box offer without examining the others', () => {
    const box = offer({ merchant_id: 'BOX', buy_box: true, prime: false, price: 5000 });
    const offers = [offer({ merchant_id: 'CHEAP', price: 100 }), box];
    expect(pick(offers, { prime: true }, { takeBuyBox: true })).toBe('BOX');
    expect(pick([offers[0] as never, { ...box, stock: 0 }], {}, { takeBuyBox: true })).toBe(
      'none: stock',
    );
    // On the catalog: the headphones' buy box is the storefront, though a prime seller is cheaper.
    const headphones = (take: boolean) =>
      sellerOrCode(
        retailer.place(
          managed({ products: [item('B0XGF0GYYS')], take_buybox_offers: take }),
          ctx(),
        ),
      );
    expect(headphones(false)).toBe('A6HOMEGOODS');
    expect(headphones(true)).toBe('A1FIRSTPARTY');
  });
});

describe('postal codes', () => {
  it('force_offers_postal_code replaces the shipping ZIP code for offer selection', () => {
    const local = managed({ products: [item(TEST_PRODUCTS.localSeller)] });
    expect(local.shipping_address.zip_code).toBe('02139');
    expect(sellerOrCode(retailer.place(local, ctx()))).toBe('A6HOMEGOODS');
    expect(
      sellerOrCode(retailer.place({ ...local, force_offers_postal_code: '94105' }, ctx())),
    ).toBe('A1FIRSTPARTY');
    const faraway = { ...local, shipping_address: { ...ADDRESS, zip_code: '94105', state: 'CA' } };
    expect(sellerOrCode(retailer.place(faraway, ctx()))).toBe('A1FIRSTPARTY');
    expect(
      sellerOrCode(retailer.place({ ...faraway, force_offers_postal_code: '02134' }, ctx())),
    ).toBe('A6HOMEGOODS');
  });

  it('leaves out an international seller that does not ship to the postal code', () => {
    const bottle = (zip: string) =>
      sellerOrCode(
        retailer.place(
          managed({
            products: [item('B0HBTRQJGF', 1, { international: true })],
            force_offers_postal_code: zip,
          }),
          ctx(),
        ),
      );
    expect(bottle('02139')).toBe('A4GLOBAL');
    // Anchorage, Alaska.
    expect(bottle('99501')).toBe('product_unavailable');
  });
});

describe('promo pricing during selection', () => {
  const a = offer({ merchant_id: 'A', price: 1000 });
  const b = offer({ merchant_id: 'B', price: 1100 });
  it.each([
    [{ code: 'X', merchant_id: 'B', discount_amount: 200 }, 'B', 900],
    [{ code: 'X', merchant_id: 'B', discount_percentage: 50 }, 'B', 550],
    [{ code: 'X', merchant_id: 'B', cost_override: 1050 }, 'A', 1050],
    [{ code: 'X', merchant_id: 'A', discount_amount: 2000 }, 'A', 1100],
  ])('%j makes %s the cheaper offer', (promo, expected, priceOfB) => {
    expect(pick([a, b], {}, { promos: [promo] })).toBe(expected);
    expect(selectionPrice(b, [promo])).toBe(priceOfB);
  });

  it('judges max_item_price after promo pricing', () => {
    const promos = [{ code: 'X', merchant_id: 'B', discount_amount: 300 }];
    expect(pick([a, b], { max_item_price: 800 })).toBe('none: max_item_price');
    expect(pick([a, b], { max_item_price: 800 }, { promos })).toBe('B');
  });
});

describe('when no offer is left', () => {
  it.each([
    ['B0HMCKCOT2', undefined, 'prime', /no offer of it is prime/],
    ['B0FLMCAM35', undefined, 'condition_in', /condition New/],
    [TEST_PRODUCTS.outOfStock, undefined, 'stock', /out of stock with every seller/],
    [
      'B0HBTRQJGF',
      { handling_days_max: 0, first_party_seller: false },
      'handling_days_max',
      /within 0 days/,
    ],
    ['B0HBTRQJGF', { merchant_id_in: ['NOBODY'] }, 'merchant_id_in', /merchant_id_in/],
  ])('%s with %j fails product_unavailable naming %s', (id, criteria, criterion, words) => {
    const failure = failed(retailer.place(managed({ products: [item(id, 1, criteria)] }), ctx()));
    expect(failure.code).toBe('product_unavailable');
    expect(failure.data).toMatchObject({ criterion, product_id: id, product_index: 0 });
    expect(failure.message).toMatch(words);
    expect(failure.message).toMatch(/\.$/);
    // The message says the defaults were at work when the order gave no criteria.
    expect(failure.message.includes('default seller criteria')).toBe(criteria === undefined);
  });

  it('names the product the criteria emptied, also the second one', () => {
    const failure = failed(
      retailer.place(
        managed({ products: [item(TEST_PRODUCTS.alwaysPlaces), item('B0HMCKCOT2')] }),
        ctx(),
      ),
    );
    expect(failure.data).toMatchObject({ product_index: 1, product_id: 'B0HMCKCOT2' });
    expect(catalogProduct('amazon', 'B0HMCKCOT2').offers.every((entry) => !entry.prime)).toBe(true);
  });
});
