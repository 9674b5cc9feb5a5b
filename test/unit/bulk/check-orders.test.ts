import { describe, expect, it } from 'vitest';
import { type BatchContext, batchProblems } from '../../../src/background/bulk/check-orders.ts';
import { ADDRESS } from '../../fixtures.ts';
import { check, GOOD, HOME, managed, withHome, words } from './check-env.ts';

describe('a good row', () => {
  it('becomes the request the popup would send, and passes the same check', () => {
    const order = check([{ ...GOOD, client_notes: 'Store order 7' }]);
    expect(order.problems).toEqual([]);
    expect(order.request).toEqual({
      retailer: 'amazon',
      products: [{ product_id: 'B0PLACES01', quantity: 1 }],
      shipping_address: { ...ADDRESS },
      shipping_method: 'fastest',
      is_gift: false,
      client_notes: { note: 'Store order 7' },
      max_price: 2500,
      addax: true,
    });
    expect(order.defaults).toEqual(['managed']);
    expect(order).toMatchObject({ retailer: 'amazon', maxPrice: 2500, currency: 'USD', rows: [2] });
  });

  it('takes retailer and product id from a product_url', () => {
    const { product_id: _, retailer: __, ...rest } = GOOD;
    const order = check([
      { ...rest, product_url: 'https://www.amazon.co.uk/gp/product/B0UKCANCEL?th=1' },
    ]);
    expect(order.request).toMatchObject({
      retailer: 'amazon_uk',
      products: [{ product_id: 'B0UKCANCEL', quantity: 1 }],
    });
    expect(order.currency).toBe('GBP');
    expect(order.problems).toEqual([]);
  });

  it('writes country and state codes in capitals, and leaves a region name as written', () => {
    const order = check([{ ...GOOD, country: 'us', state: 'ma' }]);
    expect(order.problems).toEqual([]);
    expect(order.request.shipping_address).toMatchObject({ country: 'US', state: 'MA' });
    const uk = check([
      {
        ...GOOD,
        retailer: 'amazon_uk',
        product_id: 'B0UKCANCEL',
        country: 'gb',
        state: 'Greater London',
        zip_code: 'SW1A 1AA',
      },
    ]);
    expect(uk.request.shipping_address).toMatchObject({ country: 'GB', state: 'Greater London' });
  });

  it('makes one order of the rows of one order_key, order fields given once', () => {
    const order = check([GOOD, { retailer: 'amazon', product_id: 'B0HANDLING', quantity: '3' }]);
    expect(order.problems).toEqual([]);
    expect(order.request.products).toEqual([
      { product_id: 'B0PLACES01', quantity: 1 },
      { product_id: 'B0HANDLING', quantity: 3 },
    ]);
    expect(order.rows).toEqual([2, 3]);
  });
});

describe('missing columns fall back to the saved defaults, and say so', () => {
  it('address, shipping, gift, quantity, seller criteria, managed settings and webhooks', () => {
    const settings = withHome({
      shipping: { kind: 'object', shipping: { order_by: 'speed', max_days: 5 } },
      gift: { isGift: true, message: 'Enjoy!' },
      sellerCriteria: { prime: true, handling_days_max: 3 },
      managed: {
        discount: -5,
        queueTimeoutSeconds: 3_600,
        primeOptout: true,
        priorityBidCents: 150,
      },
      webhooks: { request_failed: 'https://hooks.example.com/failed' },
    });
    const order = check(
      [{ retailer: 'amazon', product_id: 'B0PLACES01', max_price: '30' }],
      managed(settings),
    );
    expect(order.problems).toEqual([]);
    expect(order.request).toEqual({
      retailer: 'amazon',
      products: [
        {
          product_id: 'B0PLACES01',
          quantity: 1,
          seller_selection_criteria: { prime: true, handling_days_max: 3 },
        },
      ],
      shipping_address: HOME.address,
      shipping: { order_by: 'speed', max_days: 5 },
      is_gift: true,
      gift_message: 'Enjoy!',
      max_price: 3000,
      addax: true,
      managed_discount: -5,
      addax_queue_timeout: 3_600,
      managed_prime_optout: true,
      managed_priority_bid: 150,
      webhooks: { request_failed: 'https://hooks.example.com/failed' },
    });
    expect(order.defaults.sort()).toEqual(
      [
        'address',
        'gift',
        'gift_message',
        'managed',
        'quantity',
        'seller_criteria',
        'shipping',
        'webhooks',
      ].sort(),
    );
  });

  it('a retailer’s own seller criteria win over the general ones', () => {
    const settings = withHome({
      sellerCriteria: { prime: true },
      sellerCriteriaByRetailer: { amazon: { condition_in: ['New', 'Refurbished'] } },
    });
    const order = check([GOOD], managed(settings));
    expect(order.request.products).toEqual([
      {
        product_id: 'B0PLACES01',
        quantity: 1,
        seller_selection_criteria: { condition_in: ['New', 'Refurbished'] },
      },
    ]);
  });

  it('max_price from item_price × quantity and the saved tolerance', () => {
    const settings = withHome({ maxPriceTolerance: { percent: 10, amountCents: 100 } });
    const { max_price: _, ...rest } = GOOD;
    const order = check(
      [
        { ...rest, quantity: '2', item_price: '19.99' },
        { retailer: 'amazon', product_id: 'B0HANDLING', item_price: '$5' },
      ],
      managed(settings),
    );
    // (2 × 1999 + 500) × 1.10, rounded up, plus 1.00.
    expect(order.request.max_price).toBe(Math.ceil(4498 * 1.1) + 100);
    expect(order.defaults).toContain('max_price_tolerance');
    expect(order.problems).toEqual([]);
  });
});

describe('own-account batches', () => {
  const vault = {
    exists: true,
    unlocked: true,
    items: [
      { id: 'login', kind: 'credentials' as const, label: 'Amazon login', retailer: 'amazon' },
      { id: 'card', kind: 'payment' as const, label: 'Visa' },
      { id: 'bill', kind: 'billing' as const, label: 'Home' },
    ],
  };
  const secrets = { credentialsId: 'login', paymentId: 'card', billingId: 'bill' };
  const own = (patch: Partial<BatchContext> = {}): BatchContext => ({
    settings: withHome(),
    options: { mode: 'own', secrets },
    vault,
    ...patch,
  });

  it('checks the order with the vault items chosen for the batch', () => {
    const { max_price: _, ...rest } = GOOD;
    const order = check([{ ...rest, retailer: 'amazon' }], own());
    expect(order.problems).toEqual([]);
    expect(order.request).not.toHaveProperty('addax');
    expect(order.request).not.toHaveProperty('payment_method');
    expect(batchProblems(own())).toEqual([]);
  });

  it('needs a vault, unlocked, with the chosen items in it', () => {
    expect(batchProblems(own({ vault: { exists: false, unlocked: false, items: [] } }))).toEqual([
      'Ordering with your own account needs the vault: create it in Options and add a retailer login, a payment method and a billing address.',
    ]);
    expect(batchProblems(own({ vault: { exists: true, unlocked: false, items: [] } }))).toEqual([
      'The vault is locked: unlock it in Options, then check the file again.',
    ]);
    expect(batchProblems(own({ options: { mode: 'own' } }))).toEqual([
      'Choose the retailer login, payment method and billing address this batch orders with.',
    ]);
    expect(
      batchProblems(own({ options: { mode: 'own', secrets: { ...secrets, paymentId: 'gone' } } })),
    ).toEqual(['The chosen payment method is not in the vault any more: choose another.']);
  });

  it('checks the real secrets the vault gives, at the row, and keeps them out of the request', () => {
    const secretsOf = (number: string) => ({
      retailer_credentials: { email: 'jane@example.com', password: 'pw' },
      payment_method: {
        name_on_card: 'Jane Doe',
        number,
        security_code: '123',
        expiration_month: 12,
        expiration_year: 2030,
      },
      billing_address: withHome().addresses[0]?.address,
    });
    const good = check(
      [{ ...GOOD, retailer: 'amazon' }],
      own({ secrets: secretsOf('4111111111111111') as never }),
    );
    expect(good.problems).toEqual([]);
    expect(good.request).not.toHaveProperty('payment_method');
    expect(good.request).not.toHaveProperty('retailer_credentials');
    const bad = check([{ ...GOOD, retailer: 'amazon' }], own({ secrets: secretsOf('') as never }));
    expect(bad.problems.map((problem) => problem.message).join(' ')).toMatch(/number/);
  });

  it('refuses rows for another retailer than the login’s', () => {
    expect(words([{ ...GOOD, retailer: 'walmart', product_id: '900000001' }], own())).toEqual([
      'Row 2, retailer: is walmart, but the retailer login chosen for this batch is for amazon: put these rows in a file of their own and choose a walmart login for it.',
    ]);
  });
});
