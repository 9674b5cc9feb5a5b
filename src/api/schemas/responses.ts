import { z } from '../zod.ts';

// Response schemas are loose objects: the service adds fields over time, and what we
// do not know yet must survive validation and storage untouched.

/** The `request_processing`, failure and cancellation-failure shape. Any code is accepted. */
export const errorResponseSchema = z.looseObject({
  _type: z.literal('error'),
  code: z.string().min(1),
  message: z.string().optional(),
  data: z.record(z.string(), z.unknown()).nullish(),
  request: z.record(z.string(), z.unknown()).nullish(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

const amount = z.number();

export const priceComponentsSchema = z.looseObject({
  converted_payment_total: amount.optional(),
  currency: z.string().optional(),
  payment_currency: z.string().optional(),
  shipping: amount.optional(),
  subtotal: amount.optional(),
  tax: amount.optional(),
  total: amount.optional(),
});
export type PriceComponents = z.infer<typeof priceComponentsSchema>;

export const merchantOrderIdSchema = z.looseObject({
  merchant_order_id: z.string(),
  merchant: z.string().optional(),
  account: z.string().optional(),
  placed_at: z.string().optional(),
});
export type MerchantOrderId = z.infer<typeof merchantOrderIdSchema>;

export const trackingSchema = z.looseObject({
  product_id: z.string().optional(),
  merchant_order_id: z.string().optional(),
  carrier: z.string().optional(),
  tracking_number: z.string().optional(),
  obtained_at: z.string().optional(),
});
export type Tracking = z.infer<typeof trackingSchema>;

export const accountStatusSchema = z.looseObject({
  prime: z.boolean().optional(),
  fresh: z.boolean().optional(),
  business: z.boolean().optional(),
  charity: z.string().nullish(),
});

export const orderResponseSchema = z.looseObject({
  _type: z.literal('order_response'),
  price_components: priceComponentsSchema.optional(),
  merchant_order_ids: z.array(merchantOrderIdSchema).default([]),
  tracking: z.array(trackingSchema).default([]),
  request: z.record(z.string(), z.unknown()).optional(),
  // The fields of a delivery date are not given by the spec; keep whatever comes.
  delivery_dates: z.array(z.unknown()).default([]),
  account_status: accountStatusSchema.nullish(),
});
export type OrderResponse = z.infer<typeof orderResponseSchema>;

export const cancellationResponseSchema = z.looseObject({
  _type: z.literal('cancellation_response'),
  merchant_order_id: z.string(),
  request: z.record(z.string(), z.unknown()).optional(),
});
export type CancellationResponse = z.infer<typeof cancellationResponseSchema>;

/** The answer of every POST that starts something: an order, a cancellation. */
export const requestIdResponseSchema = z.looseObject({ request_id: z.string().min(1) });

/** What a status read (or an abort) may answer. */
export const orderStatusBodySchema = z.discriminatedUnion('_type', [
  orderResponseSchema,
  errorResponseSchema,
]);
export const cancellationStatusBodySchema = z.discriminatedUnion('_type', [
  cancellationResponseSchema,
  errorResponseSchema,
]);

/**
 * An element of `GET /v1/orders`. The spec lists order responses only, without a
 * request id or a creation time; a service that also listed requests still processing
 * or failed would send them in the error shape, so both are read. The list itself is
 * only checked to be an array: each element is read on its own (client.listOrders).
 */
export const listedOrderSchema = orderStatusBodySchema;
export const orderListSchema = z.array(z.unknown());
