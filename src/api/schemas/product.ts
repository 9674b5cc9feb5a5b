import { CONDITIONS, DEFAULT_SELLER_SELECTION_CRITERIA } from '../contract-constants.ts';
import { z } from '../zod.ts';
import { cents, count, flag, nonEmptyText, percentage } from './common.ts';

export { CONDITIONS, type Condition } from '../contract-constants.ts';

export const sellerSelectionCriteriaSchema = z.strictObject({
  addon: flag(),
  buy_box: flag(),
  condition_in: z.optional(z.array(z.enum(CONDITIONS))),
  condition_not_in: z.optional(z.array(z.enum(CONDITIONS))),
  first_party_seller: flag(),
  handling_days_max: z.optional(count()),
  international: flag(),
  max_item_price: z.optional(cents()),
  merchant_id_in: z.optional(z.array(nonEmptyText())),
  merchant_id_not_in: z.optional(z.array(nonEmptyText())),
  min_seller_num_ratings: z.optional(count()),
  min_seller_percent_positive_feedback: z.optional(percentage()),
  prime: flag(),
  allow_oos: flag(),
});
export type SellerSelectionCriteria = z.infer<typeof sellerSelectionCriteriaSchema>;

// The service's defaults are criteria this schema accepts.
({
  ...DEFAULT_SELLER_SELECTION_CRITERIA,
  condition_in: [...DEFAULT_SELLER_SELECTION_CRITERIA.condition_in],
}) satisfies SellerSelectionCriteria;

export { DEFAULT_SELLER_SELECTION_CRITERIA } from '../contract-constants.ts';

export const productSchema = z.strictObject({
  product_id: nonEmptyText(),
  quantity: z
    .number({
      error: (issue) =>
        issue.input === undefined
          ? 'is required: add how many to order.'
          : 'must be a whole number of at least 1.',
    })
    .check(
      z.int({ error: 'must be a whole number of at least 1.' }),
      z.gte(1, { error: 'must be a whole number of at least 1.' }),
    ),
  seller_selection_criteria: z.optional(sellerSelectionCriteriaSchema),
});
