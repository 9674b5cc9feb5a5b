import { RETAILER_CODES } from '../retailers.ts';
import { z } from '../zod.ts';

export const DEFAULT_LIST_LIMIT = 10;

const wholeNumber = (min: number, what: string) =>
  z.coerce
    .number({ error: `must be ${what}.` })
    .check(z.int({ error: `must be ${what}.` }), z.gte(min, { error: `must be ${what}.` }));

/**
 * Query of `GET /v1/orders`. Query strings carry text, so numbers are coerced;
 * `starting_after` (inclusive) and `ending_before` (exclusive) are unix times in ms.
 */
export const listQuerySchema = z.strictObject({
  limit: z.optional(wholeNumber(1, 'a whole number of at least 1')),
  skip: z.optional(wholeNumber(0, 'a whole number of at least 0')),
  starting_after: z.optional(wholeNumber(0, 'a unix time in milliseconds')),
  ending_before: z.optional(wholeNumber(0, 'a unix time in milliseconds')),
  retailer: z.optional(
    z.enum(RETAILER_CODES, { error: `must be one of ${RETAILER_CODES.join(', ')}.` }),
  ),
});
export type ListQueryInput = z.input<typeof listQuerySchema>;
