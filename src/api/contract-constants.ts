/**
 * The service contract's fixed values, without zod so the pages can import them without
 * the schemas; the schemas in ./schemas build their rules from these same values.
 */

export const SHIPPING_METHODS = ['cheapest', 'fastest', 'marketplace_day', 'free'] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];

/** `price`: cheapest method that meets the limits; `speed`: fastest (decisions.md). */
export const SHIPPING_ORDER_BY = ['price', 'speed'] as const;
export type ShippingOrderBy = (typeof SHIPPING_ORDER_BY)[number];

/** The webhooks an order request may name; a cancellation takes the first two. */
export const WEBHOOK_KEYS = [
  'request_succeeded',
  'request_failed',
  'tracking_obtained',
  'tracking_updated',
  'status_updated',
  'case_updated',
] as const;
export type WebhookKey = (typeof WEBHOOK_KEYS)[number];

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

/** The packing slip's limits for a gift message. */
export const GIFT_MESSAGE_MAX_CHARS = 240;
export const GIFT_MESSAGE_MAX_LINES = 9;

/** Counts lines the way a packing slip prints them: CRLF, CR and LF all break a line. */
export function countLines(text: string): number {
  return text === '' ? 0 : text.split(/\r\n|\r|\n/).length;
}

/** Managed orders: the discount is a percentage below face value, from -50 to 0. */
export const MANAGED_DISCOUNT_MIN = -50;
export const MANAGED_DISCOUNT_MAX = 0;
/** The service's queue timeout of a managed order when the request gives none: 4 hours. */
export const DEFAULT_ADDAX_QUEUE_TIMEOUT_S = 14_400;

/** Applied by the service when a product has no criteria object (spec, rule 1). */
export const DEFAULT_SELLER_SELECTION_CRITERIA = {
  prime: true,
  handling_days_max: 6,
  condition_in: ['New'],
} as const;
