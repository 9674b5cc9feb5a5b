import { z } from '../zod.ts';

// Response schemas are loose objects: the service adds fields over time, and what we
// do not know yet must survive validation and storage untouched.

/** The `request_processing`, failure and cancellation-failure shape. Any code is accepted. */
export const errorResponseSchema = z.looseObject({
  _type: z.literal('error'),
  code: z.string().check(z.minLength(1)),
  message: z.optional(z.string()),
  data: z.nullish(z.record(z.string(), z.unknown())),
  request: z.nullish(z.record(z.string(), z.unknown())),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

const amount = z.number();

const priceComponentsSchema = z.looseObject({
  converted_payment_total: z.optional(amount),
  currency: z.optional(z.string()),
  payment_currency: z.optional(z.string()),
  shipping: z.optional(amount),
  subtotal: z.optional(amount),
  tax: z.optional(amount),
  total: z.optional(amount),
});

const merchantOrderIdSchema = z.looseObject({
  merchant_order_id: z.string(),
  merchant: z.optional(z.string()),
  account: z.optional(z.string()),
  placed_at: z.optional(z.string()),
});

const trackingSchema = z.looseObject({
  product_id: z.optional(z.string()),
  merchant_order_id: z.optional(z.string()),
  carrier: z.optional(z.string()),
  tracking_number: z.optional(z.string()),
  obtained_at: z.optional(z.string()),
});

const accountStatusSchema = z.looseObject({
  prime: z.optional(z.boolean()),
  fresh: z.optional(z.boolean()),
  business: z.optional(z.boolean()),
  charity: z.nullish(z.string()),
});

export const orderResponseSchema = z.looseObject({
  _type: z.literal('order_response'),
  price_components: z.optional(priceComponentsSchema),
  merchant_order_ids: z._default(z.array(merchantOrderIdSchema), []),
  tracking: z._default(z.array(trackingSchema), []),
  request: z.optional(z.record(z.string(), z.unknown())),
  // The fields of a delivery date are not given by the spec; keep whatever comes.
  delivery_dates: z._default(z.array(z.unknown()), []),
  account_status: z.nullish(accountStatusSchema),
});
export type OrderResponse = z.infer<typeof orderResponseSchema>;

const cancellationResponseSchema = z.looseObject({
  _type: z.literal('cancellation_response'),
  merchant_order_id: z.string(),
  request: z.optional(z.record(z.string(), z.unknown())),
});
export type CancellationResponse = z.infer<typeof cancellationResponseSchema>;

/** The answer of every POST that starts something: an order, a cancellation. */
export const requestIdResponseSchema = z.looseObject({
  request_id: z.string().check(z.minLength(1)),
});

/** What a status read (or an abort) may answer. */
export const orderStatusBodySchema = z.discriminatedUnion('_type', [
  orderResponseSchema,
  errorResponseSchema,
]);
export const cancellationStatusBodySchema = z.discriminatedUnion('_type', [
  cancellationResponseSchema,
  errorResponseSchema,
]);

/** `GET /v1/orders`: its elements are read one by one (client.listOrders). */
export const orderListSchema = z.array(z.unknown());
