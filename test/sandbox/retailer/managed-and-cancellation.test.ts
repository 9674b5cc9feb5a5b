import { describe, expect, it } from 'vitest';
import {
  CANCELLATION_FAILED,
  SCARCE_MANAGED_DISCOUNT,
  TEST_PRODUCTS,
} from '../../../sandbox/retailer/index.ts';
import { ctx, item, managed, own, retailer } from './retailer-fixtures.ts';

const demand = (...ids: string[]) =>
  retailer.managedDemand(managed({ products: ids.map((id) => item(id)) })).max_servable_discount;

describe('managed demand', () => {
  it('serves any discount in range for most products', () => {
    expect(demand(TEST_PRODUCTS.alwaysPlaces)).toBe(0);
    expect(demand('B0XGF0GYYS', 'B0HBTRQJGF')).toBe(0);
  });

  it('serves the scarce product only at a discount of -10 or lower, also inside a larger order', () => {
    expect(SCARCE_MANAGED_DISCOUNT).toBe(-10);
    expect(demand(TEST_PRODUCTS.scarceManaged)).toBe(-10);
    expect(demand(TEST_PRODUCTS.alwaysPlaces, TEST_PRODUCTS.scarceManaged)).toBe(-10);
  });

  it('follows an expired id to its successor, and ignores ids it does not know', () => {
    expect(demand(TEST_PRODUCTS.expired, 'B0ZZZZZZZZ')).toBe(0);
  });
});

describe('cancellation plans', () => {
  const plan = (id: string, seed = 1, retailerCode = 'amazon') =>
    retailer.cancellationPlan(
      retailerCode === 'amazon'
        ? managed({ products: [item(id)] })
        : managed({ retailer: retailerCode, products: [item(id)] }),
      '112-0000000-0000000',
      ctx(seed),
    );

  it.each([
    [TEST_PRODUCTS.cancelViaAttempting, 'amazon', { via_attempting: true, outcome: 'cancelled' }],
    [
      TEST_PRODUCTS.ukCancelViaAttempting,
      'amazon_uk',
      { via_attempting: true, outcome: 'cancelled' },
    ],
    [TEST_PRODUCTS.cancelAtOnce, 'amazon', { via_attempting: false, outcome: 'cancelled' }],
    [
      TEST_PRODUCTS.cancelFails,
      'amazon',
      {
        via_attempting: true,
        outcome: { code: CANCELLATION_FAILED, message: expect.stringMatching(/already shipped/) },
      },
    ],
  ])('%s (%s) always goes %j', (id, retailerCode, expected) => {
    for (let seed = 1; seed <= 20; seed++) expect(plan(id, seed, retailerCode)).toEqual(expected);
  });

  it('sends about half through attempting_to_cancel, and ends most in cancelled', () => {
    const plans = Array.from({ length: 400 }, (_, seed) => plan(TEST_PRODUCTS.alwaysPlaces, seed));
    const attempting = plans.filter((entry) => entry.via_attempting).length;
    const cancelled = plans.filter((entry) => entry.outcome === 'cancelled').length;
    expect(attempting).toBeGreaterThan(160);
    expect(attempting).toBeLessThan(240);
    expect(cancelled).toBeGreaterThan(300);
    expect(cancelled).toBeLessThan(400);
    const refused = plans.find((entry) => entry.outcome !== 'cancelled')?.outcome;
    expect(refused).toMatchObject({ code: CANCELLATION_FAILED });
  });

  it('is the same for the same seed', () => {
    const request = own();
    for (let seed = 1; seed <= 10; seed++) {
      expect(retailer.cancellationPlan(request, 'x', ctx(seed))).toEqual(
        retailer.cancellationPlan(request, 'x', ctx(seed)),
      );
    }
  });
});
