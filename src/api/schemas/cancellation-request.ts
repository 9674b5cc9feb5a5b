import { z } from '../zod.ts';
import { cancellationWebhooksSchema, idempotencyKeySchema, nonEmptyText } from './common.ts';

export const cancellationRequestSchema = z.strictObject({
  merchant_order_id: nonEmptyText(),
  webhooks: z.optional(cancellationWebhooksSchema),
  idempotency_key: z.optional(idempotencyKeySchema),
});
export type CancellationRequest = z.infer<typeof cancellationRequestSchema>;

/** The abort POST takes no body; an idempotency key alone is allowed like on every POST. */
export const abortRequestSchema = z.strictObject({
  idempotency_key: z.optional(idempotencyKeySchema),
});
