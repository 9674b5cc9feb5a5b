import type { PromoCode } from '../../src/api/schemas/promo-code.ts';
import { type Failure, fail } from './failure.ts';
import { percentOf } from './money.ts';
import type { OrderLine } from './order-line.ts';
import { PROMO_CODES } from './test-values.ts';

export interface PromoOutcome {
  /** Cents off the items, never more than their price. */
  discount: number;
  /** Indexes of the lines whose shipping is free. */
  freeShipping: Set<number>;
  /** The codes that took effect, as the retailer spells them. */
  applied: string[];
}

/**
 * Step 6 of placement: the retailer applies the order's promo codes at checkout. A
 * code with a merchant_id applies only to that merchant's items, and simply does not
 * apply when none was chosen. A code the retailer does not know fails the order with
 * invalid_promo_code, unless the order marked it optional.
 */
export function applyPromoCodes(
  promos: readonly PromoCode[],
  lines: readonly OrderLine[],
): PromoOutcome | Failure {
  const outcome: PromoOutcome = { discount: 0, freeShipping: new Set(), applied: [] };
  const subtotal = lines.reduce((sum, line) => sum + line.offer.price * line.quantity, 0);
  for (const promo of promos) {
    const code = promo.code.trim().toUpperCase();
    const effect = PROMO_CODES[code];
    if (!effect) {
      if (promo.optional === true) continue;
      return fail(
        'invalid_promo_code',
        `The retailer does not accept the promotion code “${promo.code}”. Remove it, correct it, or mark it optional.`,
        { code: promo.code },
      );
    }
    if (outcome.applied.includes(code)) continue;
    const applicable = lines.filter(
      (line) => promo.merchant_id === undefined || line.offer.merchant_id === promo.merchant_id,
    );
    if (applicable.length === 0) continue;
    const base = applicable.reduce((sum, line) => sum + line.offer.price * line.quantity, 0);
    if (effect.percent !== undefined) outcome.discount += percentOf(base, effect.percent);
    if (effect.amount !== undefined) outcome.discount += Math.min(base, effect.amount);
    if (effect.freeShipping) for (const line of applicable) outcome.freeShipping.add(line.index);
    outcome.applied.push(code);
  }
  outcome.discount = Math.min(outcome.discount, subtotal);
  return outcome;
}
