import { CONDITIONS, DEFAULT_SELLER_SELECTION_CRITERIA } from '../contract-constants.ts';
import { z } from '../zod.ts';
import { cents, nonEmptyText } from './common.ts';

export { CONDITIONS, type Condition } from '../contract-constants.ts';

const count = () =>
  z.number().int({ error: 'must be a whole number.' }).min(0, { error: 'must not be negative.' });

export const sellerSelectionCriteriaSchema = z.strictObject({
  addon: z.boolean().optional(),
  buy_box: z.boolean().optional(),
  condition_in: z.array(z.enum(CONDITIONS)).optional(),
  condition_not_in: z.array(z.enum(CONDITIONS)).optional(),
  first_party_seller: z.boolean().optional(),
  handling_days_max: count().optional(),
  international: z.boolean().optional(),
  max_item_price: cents().optional(),
  merchant_id_in: z.array(nonEmptyText()).optional(),
  merchant_id_not_in: z.array(nonEmptyText()).optional(),
  min_seller_num_ratings: count().optional(),
  min_seller_percent_positive_feedback: z
    .number()
    .min(0, { error: 'must be a percentage from 0 to 100.' })
    .max(100, { error: 'must be a percentage from 0 to 100.' })
    .optional(),
  prime: z.boolean().optional(),
  allow_oos: z.boolean().optional(),
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
    .int({ error: 'must be a whole number of at least 1.' })
    .min(1, { error: 'must be a whole number of at least 1.' }),
  seller_selection_criteria: sellerSelectionCriteriaSchema.optional(),
});
export type Product = z.infer<typeof productSchema>;
