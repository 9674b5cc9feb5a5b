import { z } from '../zod.ts';
import { nonEmptyText } from './common.ts';

const US_STATES = new Set(
  (
    'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ ' +
    'NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC PR GU VI AS MP AA AE AP'
  ).split(' '),
);
const CA_PROVINCES = new Set('AB BC MB NB NL NS NT NU ON PE QC SK YT'.split(' '));

/**
 * Address, with the required set and formats decisions.md gives: `country` is an ISO
 * 3166-1 alpha-2 code and `state` the postal abbreviation where the country has one.
 */
export const addressSchema = z
  .strictObject({
    first_name: nonEmptyText(),
    last_name: nonEmptyText(),
    address_line1: nonEmptyText(),
    address_line2: z.string().optional(),
    zip_code: nonEmptyText(),
    city: nonEmptyText(),
    state: nonEmptyText(),
    country: z.string().regex(/^[A-Z]{2}$/, {
      error: 'must be a two-letter ISO country code in capitals, such as US.',
    }),
    phone_number: nonEmptyText(),
    instructions: z.string().optional(),
  })
  .superRefine((address, ctx) => {
    if (address.country === 'US') {
      if (!US_STATES.has(address.state)) {
        ctx.addIssue({
          code: 'custom',
          path: ['state'],
          message: 'must be a US postal abbreviation in capitals, such as MA.',
        });
      }
      if (!/^\d{5}(-\d{4})?$/.test(address.zip_code)) {
        ctx.addIssue({
          code: 'custom',
          path: ['zip_code'],
          message: 'must be a US ZIP code: five digits, optionally followed by -1234.',
        });
      }
    }
    if (address.country === 'CA' && !CA_PROVINCES.has(address.state)) {
      ctx.addIssue({
        code: 'custom',
        path: ['state'],
        message: 'must be a Canadian province abbreviation in capitals, such as ON.',
      });
    }
  });
export type Address = z.infer<typeof addressSchema>;
