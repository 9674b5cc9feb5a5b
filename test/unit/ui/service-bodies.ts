/**
 * Arbitrary bodies shaped like the service's answers: the fields the contract names,
 * each sometimes missing, sometimes of the wrong type, with unknown fields and codes
 * beside them, as a real service (or a newer one) may send.
 */
import fc from 'fast-check';
import { KNOWN_ERROR_CODES } from '../../../src/api/error-messages.ts';

/** Any JSON value, small. */
const anything = fc.jsonValue({ maxDepth: 2 });
/** A value of the expected kind most of the time, anything else sometimes. */
const mostly = <T>(good: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 4, arbitrary: good }, { weight: 1, arbitrary: anything });
/** Unknown fields, as a newer service adds them. */
const extra = fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), anything, { maxKeys: 3 });

/** An object with these fields, each of them possibly missing, plus unknown ones. */
function loose(fields: Record<string, fc.Arbitrary<unknown>>) {
  return fc
    .tuple(fc.record(fields, { requiredKeys: [] }), extra)
    .map(([known, more]) => ({ ...more, ...known }));
}

const cents = fc.integer({ min: 0, max: 10_000_000 });
const text = fc.string({ maxLength: 20 });

const priceComponents = loose({
  subtotal: mostly(cents),
  shipping: mostly(cents),
  tax: mostly(cents),
  total: mostly(cents),
  managed_cost: mostly(cents),
  currency: mostly(fc.constantFrom('USD', 'GBP', 'EUR', 'XYZ')),
  converted_payment_total: mostly(cents),
});

const orderResponse = loose({
  _type: fc.constant('order_response'),
  price_components: mostly(priceComponents),
  merchant_order_ids: mostly(
    fc.array(
      mostly(
        loose({ merchant_order_id: mostly(text), merchant: mostly(text), placed_at: mostly(text) }),
      ),
      { maxLength: 3 },
    ),
  ),
  tracking: mostly(
    fc.array(
      mostly(
        loose({
          carrier: mostly(text),
          tracking_number: mostly(text),
          merchant_order_id: mostly(text),
          product_id: mostly(text),
        }),
      ),
      { maxLength: 3 },
    ),
  ),
  delivery_dates: mostly(fc.array(anything, { maxLength: 3 })),
  request: mostly(fc.dictionary(text, anything, { maxKeys: 3 })),
  account_status: mostly(loose({ prime: mostly(fc.boolean()), business: mostly(fc.boolean()) })),
});

const code = fc.oneof(
  fc.constantFrom(...KNOWN_ERROR_CODES, 'request_processing', 'attempting_to_cancel'),
  fc.string({ minLength: 1, maxLength: 30 }),
);

const errorResponse = loose({
  _type: fc.constant('error'),
  code: mostly(code),
  message: mostly(text),
  data: mostly(fc.oneof(fc.constant(null), fc.dictionary(text, anything, { maxKeys: 3 }))),
});

const cancellationResponse = loose({
  _type: fc.constant('cancellation_response'),
  merchant_order_id: mostly(text),
});

/** A body for `GET /v1/orders/{id}` (or anything else a service might send instead). */
export const orderBody = fc.oneof(
  { weight: 4, arbitrary: orderResponse },
  { weight: 3, arbitrary: errorResponse },
  { weight: 1, arbitrary: loose({ _type: anything }) },
  { weight: 1, arbitrary: anything },
);

export const cancellationBody = fc.oneof(
  { weight: 3, arbitrary: cancellationResponse },
  { weight: 3, arbitrary: errorResponse },
  { weight: 1, arbitrary: anything },
);

export const listBody = fc.oneof(
  { weight: 5, arbitrary: fc.array(orderBody, { maxLength: 4 }) },
  { weight: 1, arbitrary: anything },
);

export const httpStatus = fc.constantFrom(200, 200, 200, 400, 401, 404, 429, 500, 503);

/** A fetch that answers every call with this status and body. */
export function stubFetch(status: number, body: unknown): typeof fetch {
  return async () =>
    new Response(body === undefined ? '' : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
}
