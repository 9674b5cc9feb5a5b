import { z } from '../zod.ts';
import { cents, nonEmptyText } from './common.ts';

/** `condition_in` / `condition_not_in` values (decisions.md). */
export const CONDITIONS = [
  'New',
  'Refurbished',
  'Used - Like New',
  'Used - Very Good',
  'Used - Good',
  'Used - Acceptable',
] as const;
export type Condition = (typeof CONDITIONS)[number];

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

/** Applied by the service when a product has no criteria object (spec, rule 1). */
export const DEFAULT_SELLER_SELECTION_CRITERIA = {
  prime: true,
  handling_days_max: 6,
  condition_in: ['New'],
} as const satisfies SellerSelectionCriteria;

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
