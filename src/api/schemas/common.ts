import { WEBHOOK_KEYS } from '../contract-constants.ts';
import { z } from '../zod.ts';

export { WEBHOOK_KEYS } from '../contract-constants.ts';

/** Money is always an integer number of cents (decisions.md, Values). */
export const cents = () =>
  z
    .number()
    .int({ error: 'must be a whole number of cents (for example 1999 for 19.99).' })
    .min(0, { error: 'must not be negative.' });

export const nonEmptyText = () => z.string().trim().min(1, { error: 'must not be empty.' });

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be a full http(s) URL.' });

/** Webhook URLs. Each is optional; the service POSTs the request's GET body to it. */
export const webhooksSchema = z.strictObject({
  request_succeeded: httpUrl.optional(),
  request_failed: httpUrl.optional(),
  tracking_obtained: httpUrl.optional(),
  tracking_updated: httpUrl.optional(),
  status_updated: httpUrl.optional(),
  case_updated: httpUrl.optional(),
});
export type Webhooks = z.infer<typeof webhooksSchema>;

// The contract's list of webhooks and this schema name the same fields.
WEBHOOK_KEYS satisfies readonly (keyof Webhooks)[];

/** Cancellation requests take only these two. */
export const cancellationWebhooksSchema = webhooksSchema.pick({
  request_succeeded: true,
  request_failed: true,
});

/** Optional on every POST: the same key always gets the same answer. */
export const idempotencyKeySchema = z
  .string()
  .min(1, { error: 'must not be empty.' })
  .max(255, { error: 'must be at most 255 characters.' });
