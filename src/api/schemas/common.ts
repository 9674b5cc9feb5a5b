import { WEBHOOK_KEYS } from '../contract-constants.ts';
import { z } from '../zod.ts';

export { WEBHOOK_KEYS } from '../contract-constants.ts';

/** Money is always an integer number of cents (decisions.md, Values). */
export const cents = () =>
  z
    .number()
    .check(
      z.int({ error: 'must be a whole number of cents (for example 1999 for 19.99).' }),
      z.gte(0, { error: 'must not be negative.' }),
    );

export const nonEmptyText = () =>
  z.string().check(z.trim(), z.minLength(1, { error: 'must not be empty.' }));

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be a full http(s) URL.' });

/** Webhook URLs. Each is optional; the service POSTs the request's GET body to it. */
export const webhooksSchema = z.strictObject({
  request_succeeded: z.optional(httpUrl),
  request_failed: z.optional(httpUrl),
  tracking_obtained: z.optional(httpUrl),
  tracking_updated: z.optional(httpUrl),
  status_updated: z.optional(httpUrl),
  case_updated: z.optional(httpUrl),
});
export type Webhooks = z.infer<typeof webhooksSchema>;

// The contract's list of webhooks and this schema name the same fields.
WEBHOOK_KEYS satisfies readonly (keyof Webhooks)[];

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
