import { describe, expect, it } from 'vitest';
import { cancellationRequestSchema } from '../../../../src/api/schemas/cancellation-request.ts';
import { listQuerySchema } from '../../../../src/api/schemas/list-query.ts';
import {
  cancellationStatusBodySchema,
  errorResponseSchema,
  orderResponseSchema,
  orderStatusBodySchema,
  requestIdResponseSchema,
} from '../../../../src/api/schemas/responses.ts';

const ORDER_RESPONSE = {
  _type: 'order_response',
  price_components: {
    converted_payment_total: 2124,
    currency: 'USD',
    payment_currency: 'USD',
    shipping: 0,
    subtotal: 1999,
    tax: 125,
    total: 2124,
  },
  merchant_order_ids: [
    {
      merchant_order_id: '112-1234567-1234567',
      merchant: 'amazon',
      account: 'a@example.com',
      placed_at: '2026-01-01T10:00:00Z',
    },
  ],
  tracking: [
    {
      product_id: 'B0PLACES01',
      merchant_order_id: '112-1234567-1234567',
      carrier: 'UPS',
      tracking_number: '1Z999',
      obtained_at: '2026-01-02T10:00:00Z',
    },
  ],
  request: { retailer: 'amazon' },
  delivery_dates: [{ product_id: 'B0PLACES01', date: '2026-01-05' }],
  account_status: { prime: true, fresh: false, business: false, charity: 'none' },
};

describe('response shapes', () => {
  it('parse an order_response with every field of the spec', () => {
    expect(orderResponseSchema.parse(ORDER_RESPONSE)).toEqual(ORDER_RESPONSE);
  });

  it('keep unknown fields, at the top and deep inside', () => {
    const extended = {
      ...ORDER_RESPONSE,
      brand_new: { a: 1 },
      price_components: { ...ORDER_RESPONSE.price_components, fees: 12 },
      merchant_order_ids: [
        { ...ORDER_RESPONSE.merchant_order_ids[0], delivery_date: '2026-01-05' },
      ],
      tracking: [{ ...ORDER_RESPONSE.tracking[0], url: 'https://track.example' }],
    };
    expect(orderResponseSchema.parse(extended)).toEqual(extended);
  });

  it('parse the processing body, a final error, and an error with an unknown code', () => {
    const processing = {
      _type: 'error',
      code: 'request_processing',
      message: 'Request is processing',
      data: {},
    };
    expect(orderStatusBodySchema.parse(processing)).toEqual(processing);
    const failed = {
      _type: 'error',
      code: 'max_price_exceeded',
      message: 'Too dear',
      data: { msg: 'x', max_price: 100 },
      request: {},
    };
    expect(errorResponseSchema.parse(failed)).toEqual(failed);
    const unknown = {
      _type: 'error',
      code: 'galaxy_too_far',
      message: '?',
      data: { msg: '?' },
      extra: true,
    };
    expect(orderStatusBodySchema.parse(unknown)).toEqual(unknown);
  });

  it('parse a cancellation_response and the attempting_to_cancel error', () => {
    const cancelled = {
      _type: 'cancellation_response',
      merchant_order_id: '112-1234567-1234567',
      request: { merchant_order_id: '112-1234567-1234567' },
    };
    expect(cancellationStatusBodySchema.parse(cancelled)).toEqual(cancelled);
    const attempting = {
      _type: 'error',
      code: 'attempting_to_cancel',
      message: 'The retailer is attempting to cancel the order.',
      data: {},
    };
    expect(cancellationStatusBodySchema.parse(attempting)).toEqual(attempting);
  });

  it('parse {request_id}', () => {
    expect(requestIdResponseSchema.parse({ request_id: 'abc' })).toEqual({ request_id: 'abc' });
    expect(requestIdResponseSchema.safeParse({}).success).toBe(false);
  });

  it('refuse wrong types with a path', () => {
    const wrong = orderResponseSchema.safeParse({ ...ORDER_RESPONSE, tracking: [{ carrier: 5 }] });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.path).toEqual(['tracking', 0, 'carrier']);
    expect(orderStatusBodySchema.safeParse({ _type: 'surprise' }).success).toBe(false);
    expect(errorResponseSchema.safeParse({ _type: 'error' }).success).toBe(false);
  });
});

describe('the cancellation request', () => {
  it('wants a merchant_order_id and takes only the two cancellation webhooks', () => {
    expect(
      cancellationRequestSchema.safeParse({
        merchant_order_id: 'M',
        webhooks: { request_succeeded: 'https://a.example' },
      }).success,
    ).toBe(true);
    expect(cancellationRequestSchema.safeParse({}).error?.issues[0]?.path).toEqual([
      'merchant_order_id',
    ]);
    expect(
      cancellationRequestSchema.safeParse({
        merchant_order_id: 'M',
        webhooks: { tracking_obtained: 'https://a.example' },
      }).success,
    ).toBe(false);
  });
});

describe('the list query', () => {
  it('reads numbers from the query string', () => {
    expect(
      listQuerySchema.parse({
        limit: '5',
        skip: '10',
        starting_after: '1700000000000',
        ending_before: '1800000000000',
        retailer: 'amazon',
      }),
    ).toEqual({
      limit: 5,
      skip: 10,
      starting_after: 1_700_000_000_000,
      ending_before: 1_800_000_000_000,
      retailer: 'amazon',
    });
  });

  it('refuses negative, fractional and unknown values, naming the parameter', () => {
    for (const [query, field] of [
      [{ limit: '0' }, 'limit'],
      [{ limit: '2.5' }, 'limit'],
      [{ skip: '-3' }, 'skip'],
      [{ starting_after: 'soon' }, 'starting_after'],
      [{ retailer: 'ebay' }, 'retailer'],
    ] as const) {
      expect(listQuerySchema.safeParse(query).error?.issues[0]?.path).toEqual([field]);
    }
  });
});
