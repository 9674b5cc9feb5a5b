import {
  SHIPPING_METHODS,
  SHIPPING_ORDER_BY,
  WEBHOOK_KEYS,
  type WebhookKey,
} from '../contract-constants.ts';
import { z } from '../zod.ts';

/** A whole number of at least `min`; `whole` and `least` say what to write when it is not. */
export const wholeAtLeast = (min: number, whole: string, least: string) =>
  z.number().check(z.int({ error: whole }), z.gte(min, { error: least }));

/** Money is always an integer number of cents (decisions.md, Values). */
export const cents = () =>
  wholeAtLeast(
    0,
    'must be a whole number of cents (for example 1999 for 19.99).',
    'must not be negative.',
  );
export const count = () => wholeAtLeast(0, 'must be a whole number.', 'must not be negative.');
export const days = () =>
  wholeAtLeast(1, 'must be a whole number of days.', 'must be at least 1 day.');

/** A number from `min` to `max` (whole when `whole`), with one message for every way to miss. */
export const numberIn = (min: number, max: number, error: string, whole = false) =>
  z
    .number()
    .check(...(whole ? [z.int({ error })] : []), z.gte(min, { error }), z.lte(max, { error }));

/** A percentage from 0 to 100. */
export const percentage = () => numberIn(0, 100, 'must be a percentage from 0 to 100.');

export const flag = () => z.optional(z.boolean());

export const nonEmptyText = () =>
  z.string().check(z.trim(), z.minLength(1, { error: 'must not be empty.' }));

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be a full http(s) URL.' });

/** Webhook URLs. Each is optional; the service POSTs the request's GET body to it. */
export const webhooksSchema = z.strictObject(
  Object.fromEntries(WEBHOOK_KEYS.map((key) => [key, z.optional(httpUrl)])) as Record<
    WebhookKey,
    z.ZodMiniOptional<typeof httpUrl>
  >,
);
export type Webhooks = z.infer<typeof webhooksSchema>;

/** Cancellation requests take only these two. */
export const cancellationWebhooksSchema = z.pick(webhooksSchema, {
  request_succeeded: true,
  request_failed: true,
});

/** Optional on every POST: the same key always gets the same answer. */
export const idempotencyKeySchema = z
  .string()
  .check(
    z.minLength(1, { error: 'must not be empty.' }),
    z.maxLength(255, { error: 'must be at most 255 characters.' }),
  );

export const shippingMethodSchema = z.enum(SHIPPING_METHODS, {
  error: `must be one of ${SHIPPING_METHODS.join(', ')}.`,
});

export const shippingSchema = z.strictObject({
  order_by: z.optional(z.enum(SHIPPING_ORDER_BY, { error: 'must be "price" or "speed".' })),
  max_days: z.optional(days()),
  max_price: z.optional(cents()),
});
