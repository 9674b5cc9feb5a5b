import {
  ADDRESS_FIELDS,
  type AddressField,
  addressProblems,
  trimAddress,
} from '../../shared/address-rules.ts';
import { z } from '../zod.ts';

/** What a checked address holds: the required fields as text, the others when given. */
type CheckedAddress = Record<Exclude<AddressField, OptionalField>, string> &
  Partial<Record<OptionalField, string | undefined>>;
type OptionalField = 'address_line2' | 'instructions';

const KNOWN = new Set<string>(ADDRESS_FIELDS);
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Address, with the rules decisions.md gives (src/shared/address-rules.ts); values come
 * out trimmed. The fields are judged by the address rules alone, not by zod's object, so
 * that each problem (a missing field too) is the rules' own sentence, the one the pages
 * show, never zod's generic wording.
 */
export const addressSchema = z.pipe(
  z
    .custom<CheckedAddress>(isObject, {
      // Only the check of the value itself is worded here; the issues added below carry
      // their own sentences, and unknown fields get the common wording.
      error: (issue) =>
        issue.code !== 'custom' || isObject(issue.input)
          ? undefined
          : issue.input === undefined
            ? 'is required: add it.'
            : 'must be an object.',
    })
    .check(
      z.superRefine((address, ctx) => {
        const unknown = Object.keys(address).filter((key) => !KNOWN.has(key));
        if (unknown.length > 0)
          ctx.addIssue({ code: 'unrecognized_keys', keys: unknown, input: address });
        for (const problem of addressProblems(address))
          ctx.addIssue({
            code: 'custom',
            path: [problem.field],
            message: problem.message,
            input: address[problem.field],
          });
      }),
    ),
  z.transform((address: CheckedAddress) => trimAddress(address)),
);
