import {
  countLines,
  GIFT_MESSAGE_MAX_CHARS,
  GIFT_MESSAGE_MAX_LINES,
  MANAGED_DISCOUNT_MAX,
  MANAGED_DISCOUNT_MIN,
} from '../contract-constants.ts';
import { isRetailerCode, RETAILER_CODES, RETAILERS } from '../retailers.ts';
import { z } from '../zod.ts';
import { addressSchema } from './address.ts';
import {
  cents,
  count,
  days,
  flag,
  idempotencyKeySchema,
  nonEmptyText,
  numberIn,
  shippingMethodSchema,
  shippingSchema,
  webhooksSchema,
  wholeAtLeast,
} from './common.ts';
import { paymentMethodSchema, retailerCredentialsSchema } from './payment.ts';
import { productSchema } from './product.ts';
import { promoCodeSchema } from './promo-code.ts';

export { DEFAULT_ADDAX_QUEUE_TIMEOUT_S } from '../contract-constants.ts';

const SELF_MANAGED_ONLY = ['retailer_credentials', 'payment_method', 'billing_address'] as const;
const MARKETPLACE_ONLY = ['po_number', 'marketplace_day', 'max_delivery_days'] as const;

const discountRange = `must be from ${MANAGED_DISCOUNT_MIN} to ${MANAGED_DISCOUNT_MAX} (percent below face value).`;

const orderRequestFields = () =>
  z.strictObject({
    retailer: z.enum(RETAILER_CODES, {
      error: `must be the code of a supported retailer: ${RETAILER_CODES.join(', ')}.`,
    }),
    products: z
      .array(productSchema, { error: 'must be a list of products.' })
      .check(z.minLength(1, { error: 'must list at least one product.' })),
    shipping_address: addressSchema,
    is_gift: z.boolean({
      error: (issue) =>
        issue.input === undefined
          ? 'is required: set it to true or false.'
          : 'must be true or false.',
    }),
    shipping_method: z.optional(shippingMethodSchema),
    shipping: z.optional(shippingSchema),
    billing_address: z.optional(addressSchema),
    payment_method: z.optional(paymentMethodSchema()),
    retailer_credentials: z.optional(retailerCredentialsSchema()),
    addax: flag(),
    gift_message: z.optional(
      z.string().check(
        z.maxLength(GIFT_MESSAGE_MAX_CHARS, {
          error: `must be at most ${GIFT_MESSAGE_MAX_CHARS} characters: shorten it.`,
        }),
        z.refine((text: string) => countLines(text) <= GIFT_MESSAGE_MAX_LINES, {
          error: `must be at most ${GIFT_MESSAGE_MAX_LINES} lines: join some lines.`,
        }),
      ),
    ),
    require_gift: flag(),
    webhooks: z.optional(webhooksSchema),
    client_notes: z.optional(z.record(z.string(), z.unknown(), { error: 'must be an object.' })),
    promo_codes: z.optional(z.array(promoCodeSchema())),
    strict_expired_product_id: flag(),
    po_number: z.optional(count()),
    marketplace_day: z.optional(nonEmptyText()),
    fail_if_taxed: flag(),
    max_delivery_days: z.optional(days()),
    take_buybox_offers: flag(),
    force_offers_postal_code: z.optional(nonEmptyText()),
    managed_discount: z.optional(
      numberIn(MANAGED_DISCOUNT_MIN, MANAGED_DISCOUNT_MAX, discountRange),
    ),
    addax_queue_timeout: z.optional(
      wholeAtLeast(1, 'must be a whole number of seconds.', 'must be at least 1 second.'),
    ),
    managed_prime_optout: flag(),
    managed_priority_bid: z.optional(
      wholeAtLeast(
        0,
        'must be a whole number of cents (100 is a bid of 1.00).',
        'must not be negative.',
      ),
    ),
    max_price: z.optional(cents()),
    idempotency_key: z.optional(idempotencyKeySchema),
  });

type OrderRequestFields = z.infer<ReturnType<typeof orderRequestFields>>;

/**
 * The rules that tie fields together: the ordering mode's required and forbidden
 * fields, exactly one way to choose shipping, and what only some storefronts offer.
 * It runs even when single fields failed, so a form can show every problem at once;
 * hence the defensive reads of a value that may not have parsed.
 */
type LooseOrder = Partial<Record<keyof OrderRequestFields, unknown>>;

// Module-level rather than closures made at every parse: the sandbox checks every order
// it is sent with this, and its throughput is measured against a bare server.
const has = (order: LooseOrder, field: keyof OrderRequestFields) => order[field] !== undefined;
function problems(ctx: z.core.$RefinementCtx, fields: readonly PropertyKey[], message: string) {
  for (const field of fields)
    ctx.addIssue({ code: 'custom', path: [field], message, input: ctx.value });
}

function checkOrderRules(raw: unknown, ctx: z.core.$RefinementCtx) {
  if (typeof raw !== 'object' || raw === null) return;
  const order = raw as LooseOrder;
  const retailer =
    typeof order.retailer === 'string' && isRetailerCode(order.retailer)
      ? RETAILERS[order.retailer]
      : undefined;

  if (order.addax === true) {
    problems(
      ctx,
      SELF_MANAGED_ONLY.filter((field) => has(order, field)),
      'must be left out of a managed order (addax: true): remove it, or turn managed mode off.',
    );
    if (!has(order, 'max_price'))
      problems(
        ctx,
        ['max_price'],
        'is required for a managed order (addax: true): add the most the order may cost, in cents.',
      );
    if (retailer && !retailer.managed)
      problems(
        ctx,
        ['addax'],
        `is not offered on ${retailer.storefront}: order with your own account instead (managed accounts serve amazon and amazon_uk).`,
      );
  } else
    problems(
      ctx,
      SELF_MANAGED_ONLY.filter((field) => !has(order, field)),
      'is required when ordering with your own account: add it, or set addax: true for managed accounts.',
    );

  if (has(order, 'shipping_method') && has(order, 'shipping'))
    problems(
      ctx,
      ['shipping'],
      'cannot be given together with shipping_method: keep only one of the two.',
    );
  else if (!has(order, 'shipping_method') && !has(order, 'shipping'))
    problems(
      ctx,
      ['shipping_method'],
      'is required: give shipping_method (cheapest, fastest, marketplace_day, free) or a shipping object.',
    );

  if (retailer && !retailer.marketplace)
    problems(
      ctx,
      MARKETPLACE_ONLY.filter((field) => has(order, field)),
      `is only for the amazon storefronts, not ${retailer.storefront}: remove it.`,
    );
}

const build = () =>
  orderRequestFields().check(
    z.superRefine((_value, ctx) => checkOrderRules(ctx.value, ctx), {
      when: (payload) => typeof payload.value === 'object' && payload.value !== null,
    }),
  );
let built: ReturnType<typeof build> | undefined;

/**
 * The order request's schema, built the first time it is used and then kept: only what
 * pages send is checked with it, and a wake that only polls checks nothing.
 */
export const orderRequestSchema = () => (built ??= build());
export type OrderRequest = z.infer<ReturnType<typeof orderRequestSchema>>;
