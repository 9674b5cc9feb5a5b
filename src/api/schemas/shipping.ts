import { SHIPPING_METHODS, SHIPPING_ORDER_BY } from '../contract-constants.ts';
import { z } from '../zod.ts';
import { cents } from './common.ts';

export { SHIPPING_METHODS, SHIPPING_ORDER_BY, type ShippingMethod } from '../contract-constants.ts';

export const shippingMethodSchema = z.enum(SHIPPING_METHODS, {
  error: `must be one of ${SHIPPING_METHODS.join(', ')}.`,
});

export const shippingSchema = z.strictObject({
  order_by: z.optional(z.enum(SHIPPING_ORDER_BY, { error: 'must be "price" or "speed".' })),
  max_days: z.optional(
    z
      .number()
      .check(
        z.int({ error: 'must be a whole number of days.' }),
        z.gte(1, { error: 'must be at least 1 day.' }),
      ),
  ),
  max_price: z.optional(cents()),
});
export type Shipping = z.infer<typeof shippingSchema>;
