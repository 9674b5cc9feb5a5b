import { z } from '../zod.ts';
import { cents, nonEmptyText } from './common.ts';

/**
 * Promotion code. `optional`: go on if it fails to apply; `merchant_id`: only when that
 * merchant's offer is chosen; the three numbers change how that merchant's offers are
 * priced during offer selection (decisions.md).
 */
export const promoCodeSchema = z.strictObject({
  code: nonEmptyText(),
  optional: z.boolean().optional(),
  merchant_id: nonEmptyText().optional(),
  discount_amount: cents().optional(),
  discount_percentage: z
    .number()
    .min(0, { error: 'must be a percentage from 0 to 100.' })
    .max(100, { error: 'must be a percentage from 0 to 100.' })
    .optional(),
  cost_override: cents().optional(),
});
export type PromoCode = z.infer<typeof promoCodeSchema>;
