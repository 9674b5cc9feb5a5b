import { SHIPPING_METHODS, SHIPPING_ORDER_BY } from '../contract-constants.ts';
import { z } from '../zod.ts';
import { cents } from './common.ts';

export { SHIPPING_METHODS, SHIPPING_ORDER_BY, type ShippingMethod } from '../contract-constants.ts';

export const shippingMethodSchema = z.enum(SHIPPING_METHODS, {
  error: `must be one of ${SHIPPING_METHODS.join(', ')}.`,
});

export const shippingSchema = z.strictObject({
  order_by: z.enum(SHIPPING_ORDER_BY, { error: 'must be "price" or "speed".' }).optional(),
  max_days: z
    .number()
    .int({ error: 'must be a whole number of days.' })
    .min(1, { error: 'must be at least 1 day.' })
    .optional(),
  max_price: cents().optional(),
});
export type Shipping = z.infer<typeof shippingSchema>;
