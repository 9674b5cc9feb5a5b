import { z } from '../zod.ts';
import { cents, nonEmptyText, percentage } from './common.ts';

/**
 * Promotion code. `optional`: go on if it fails to apply; `merchant_id`: only when that
 * merchant's offer is chosen; the three numbers change how that merchant's offers are
 * priced during offer selection (decisions.md).
 */
export const promoCodeSchema = () =>
  z.strictObject({
    code: nonEmptyText(),
    optional: z.optional(z.boolean()),
    merchant_id: z.optional(nonEmptyText()),
    discount_amount: z.optional(cents()),
    discount_percentage: z.optional(percentage()),
    cost_override: z.optional(cents()),
  });
export type PromoCode = z.infer<ReturnType<typeof promoCodeSchema>>;
