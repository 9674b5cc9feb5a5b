import { z } from '../zod.ts';
import { nonEmptyText, numberIn } from './common.ts';

const card = () => ({
  name_on_card: z.optional(nonEmptyText()),
  number: z.optional(
    z
      .string()
      .check(
        z.regex(/^\d{12,19}$/, { error: 'must be the card number: 12 to 19 digits, no spaces.' }),
      ),
  ),
  security_code: z.optional(
    z.string().check(z.regex(/^\d{3,4}$/, { error: 'must be the 3 or 4 digit security code.' })),
  ),
  expiration_month: z.optional(numberIn(1, 12, 'must be a month number from 1 to 12.', true)),
  expiration_year: z.optional(numberIn(2000, 2999, 'must be a four-digit year.', true)),
});

/**
 * Payment method: a card, or `{ "use_gift": true }` to pay from the account's gift
 * balance (decisions.md). Only a card's shape is checked; its validity is the retailer's call.
 * Built by the schemas that hold it when they are first used (order-request.ts): only
 * what pages send needs it, never a worker's start.
 */
export const paymentMethodSchema = () => {
  const fields = card();
  return z.strictObject({ ...fields, use_gift: z.optional(z.boolean()) }).check(
    z.superRefine((payment, ctx) => {
      if (payment.use_gift === true) return;
      for (const field of Object.keys(fields) as (keyof typeof fields)[])
        if (payment[field] === undefined)
          ctx.addIssue({
            code: 'custom',
            path: [field],
            message:
              'is required for a card: add it, or pay from the gift balance with use_gift: true.',
          });
    }),
  );
};

export const retailerCredentialsSchema = () =>
  z.strictObject({
    email: z.email({ error: 'must be the email address of the retailer account.' }),
    password: z
      .string()
      .check(z.minLength(1, { error: 'must not be empty: enter the retailer account password.' })),
    totp_2fa_key: z.optional(
      z
        .string()
        .check(z.minLength(1, { error: 'must not be empty: remove it or enter the 2FA key.' })),
    ),
  });
