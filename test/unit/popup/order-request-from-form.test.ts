import { describe, expect, it } from 'vitest';
import { describeProblems } from '../../../src/api/problems.ts';
import { orderRequestSchema } from '../../../src/api/schemas/order-request.ts';
import { newDraft, suggestedMaxPrice } from '../../../src/shared/order-form-model.ts';
import { requestFromForm } from '../../../src/shared/order-request-from-form.ts';
import { ADDRESS } from '../../fixtures.ts';
import { settingsWithHome } from './fixtures.ts';

const item = { productId: 'B0PLACES01', quantity: 2, priceCents: 1999, currency: 'USD' };
const problemsOf = (request: unknown) => {
  const checked = orderRequestSchema().safeParse(request);
  return checked.success ? [] : describeProblems(checked.error);
};

describe('a new order form', () => {
  it('starts from the saved defaults', () => {
    const settings = settingsWithHome({
      mode: 'own',
      shipping: { kind: 'object', shipping: { order_by: 'speed', max_days: 4, max_price: 750 } },
      gift: { isGift: true, message: 'Hi' },
      managed: { discount: -5, queueTimeoutSeconds: 600, primeOptout: true, priorityBidCents: 150 },
      sellerCriteriaByRetailer: { amazon: { prime: false, max_item_price: 2500 } },
      webhooks: { request_failed: 'https://hooks.example/failed' },
    });
    const draft = newDraft(settings, 'amazon', [item], 'draft-1');
    expect(draft).toMatchObject({
      draftId: 'draft-1',
      mode: 'own',
      addressId: 'home',
      shippingKind: 'object',
      orderBy: 'speed',
      maxDays: '4',
      shippingMaxPrice: '7.50',
      isGift: true,
      giftMessage: 'Hi',
      managed: { discount: '-5', queueTimeout: '600', primeOptout: true, bid: '1.50' },
      criteria: { useDefaults: false, prime: 'no', max_item_price: '25.00' },
      advanced: { webhooks: { request_failed: 'https://hooks.example/failed' } },
    });
  });

  it('suggests the guard from every item’s page price, or none when a price is missing', () => {
    const settings = settingsWithHome({ maxPriceTolerance: { percent: 10, amountCents: 100 } });
    expect(suggestedMaxPrice(settings, [item])).toBe('44.98');
    expect(suggestedMaxPrice(settings, [item, { productId: 'X', quantity: 1 }])).toBe('');
    expect(suggestedMaxPrice(settings, [])).toBe('');
  });
});

describe('the request of a form', () => {
  it('is a valid order request, as the background checks it', () => {
    const settings = settingsWithHome();
    const { request, secrets } = requestFromForm(newDraft(settings, 'amazon', [item]), settings);
    expect(secrets).toBeUndefined();
    expect(request).toEqual({
      retailer: 'amazon',
      products: [{ product_id: 'B0PLACES01', quantity: 2 }],
      shipping_address: ADDRESS,
      is_gift: false,
      shipping_method: 'cheapest',
      max_price: 4398,
      addax: true,
      managed_discount: 0,
      addax_queue_timeout: 14_400,
    });
    expect(problemsOf(request)).toEqual([]);
  });

  it('carries every section of the form', () => {
    const settings = settingsWithHome({ mode: 'own' });
    const draft = newDraft(settings, 'amazon', [item]);
    draft.shippingKind = 'object';
    draft.maxDays = '3';
    draft.shippingMaxPrice = '5';
    draft.isGift = true;
    draft.giftMessage = 'Happy birthday';
    draft.requireGift = true;
    draft.criteria = {
      ...draft.criteria,
      useDefaults: false,
      prime: 'yes',
      condition_in: ['New'],
      merchant_id_not_in: 'A1, B2',
      handling_days_max: '2',
    };
    draft.secrets = { credentialsId: 'login', paymentId: 'card', billingId: 'billing' };
    draft.advanced = {
      ...draft.advanced,
      promoCodes: 'SAVE10, TAKE5',
      poNumber: '42',
      failIfTaxed: true,
      clientNotes: '{"ref": "A-12"}',
      webhooks: { request_failed: ' https://hooks.example/failed ', case_updated: '' },
    };
    const { request, secrets } = requestFromForm(draft, settings);
    expect(secrets).toEqual({ credentialsId: 'login', paymentId: 'card', billingId: 'billing' });
    expect(request).toMatchObject({
      shipping: { order_by: 'price', max_days: 3, max_price: 500 },
      gift_message: 'Happy birthday',
      require_gift: true,
      products: [
        {
          seller_selection_criteria: {
            prime: true,
            condition_in: ['New'],
            merchant_id_not_in: ['A1', 'B2'],
            handling_days_max: 2,
          },
        },
      ],
      promo_codes: [{ code: 'SAVE10' }, { code: 'TAKE5' }],
      po_number: 42,
      fail_if_taxed: true,
      client_notes: { ref: 'A-12' },
      webhooks: { request_failed: 'https://hooks.example/failed' },
    });
    expect(request).not.toHaveProperty('addax');
    expect(request).not.toHaveProperty('shipping_method');
    // The background adds the secrets from the vault; with them the request is valid.
    const withSecrets = {
      ...request,
      retailer_credentials: { email: 'a@example.com', password: 'x' },
      payment_method: { use_gift: true },
      billing_address: ADDRESS,
    };
    expect(problemsOf(withSecrets)).toEqual([]);
  });

  it('leaves the marketplace’s fields out for other retailers, and managed mode where none is offered', () => {
    const settings = settingsWithHome();
    const draft = newDraft(settings, 'walmart', [item]);
    draft.advanced.poNumber = '42';
    const { request } = requestFromForm(draft, settings);
    expect(request).not.toHaveProperty('po_number');
    expect(request).not.toHaveProperty('addax');
  });

  it('passes text it cannot read as typed, so the background names the field', () => {
    const settings = settingsWithHome();
    const draft = newDraft(settings, 'amazon', [item]);
    draft.maxPrice = 'about 20';
    draft.managed.discount = 'ten';
    draft.addressId = '';
    const { request } = requestFromForm(draft, settings);
    expect(request).toMatchObject({ max_price: 'about 20', managed_discount: 'ten' });
    expect(problemsOf(request).map((problem) => problem.field)).toEqual(
      expect.arrayContaining(['max_price', 'managed_discount', 'shipping_address']),
    );
  });

  it("keeps notes typed as plain text whole, as the note beside Buyline's own", () => {
    const settings = settingsWithHome();
    const draft = newDraft(settings, 'amazon', [item]);
    draft.advanced.clientNotes = 'ref A-12, leave at the back door';
    const { request } = requestFromForm(draft, settings);
    expect(request.client_notes).toEqual({ note: 'ref A-12, leave at the back door' });
    expect(problemsOf(request).map((problem) => problem.field)).not.toContain('client_notes');
  });
});
