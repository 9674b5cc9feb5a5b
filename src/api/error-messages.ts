import { type MessageKey, t } from '../shared/i18n.ts';
import { asSentence } from '../shared/sentences.ts';

/** Every code messages.json explains (`error_<code>_title`): a code without one does not compile. */
type ExplainedCode = MessageKey extends infer K
  ? K extends `error_${infer Code}_title`
    ? Code
    : never
  : never;
/** The published codes and the client's additions: all but Buyline's own and the fallback. */
export type KnownErrorCode = Exclude<ExplainedCode, 'not_confirmed' | 'unknown'>;

/**
 * The service's published error codes (decisions.md), then our choice for `fail_if_taxed`
 * with tax (decisions.md), the sandbox's 429, the sandbox's failed cancellation (the
 * published list has no code for it), and the newer API version's answer to a repeated
 * idempotency key (decisions.md, "Duplicate protection"): never a failure, but a code the
 * client knows. Unknown codes are still accepted.
 */
export const KNOWN_ERROR_CODES = [
  'account_locked',
  'account_locked_verification_required',
  'account_login_failed',
  'add_on_item',
  'additional_information_required',
  'billing_address_refused',
  'brand_not_accepted',
  'cannot_schedule_delivery',
  'credit_card_declined',
  'duplicate_order',
  'expired_product_id',
  'incomplete_account_setup',
  'insufficient_managed_balance',
  'insufficient_variants',
  'internal_error',
  'invalid_address',
  'invalid_card_number',
  'invalid_client_token',
  'invalid_expiration_date',
  'invalid_gift_options',
  'invalid_json',
  'invalid_login_credentials',
  'invalid_payment_method',
  'invalid_promo_code',
  'invalid_quantity',
  'invalid_request',
  'invalid_request_id',
  'invalid_security_code',
  'invalid_shipping_method',
  'invalid_variant',
  'item_not_supported',
  'manual_review_required',
  'max_price_exceeded',
  'max_quantity_exceeded',
  'max_delivery_days_exceeded',
  'mismatching_retailer',
  'no_free_shipping',
  'no_gift_shipping',
  'no_two_day_shipping',
  'order_probably_placed',
  'payment_info_problem',
  'product_unavailable',
  'request_processing',
  'shipping_address_refused',
  'shipping_address_unavailable',
  'shipping_method_unavailable',
  'unauthorized_access',
  'unknown_retailer',
  'unsupported_product_id',
  'managed_temporarily_overloaded',
  'aborted_request',
  'attempting_to_cancel',
  'taxes_not_allowed',
  'too_many_requests',
  'cancellation_failed',
  'already_exists',
] as const satisfies readonly KnownErrorCode[];

/**
 * Every error code as the buyer reads it: what happened and what to change, in the
 * browser's language (messages `error_<code>_title` and `error_<code>_fix`). Pure: it
 * imports only the zod-free i18n, which gives the English text in Node and unit tests.
 */
export interface Explanation {
  /** What happened, in plain words: one sentence, ending in one full stop. */
  title: string;
  /** What the user can change: one or more sentences. */
  fix: string;
  /** Whether trying the same again later may work. */
  retryable: boolean;
}

/** The codes the client knows, and Buyline's own: an order it could not confirm for a day. */
const EXPLAINED: ReadonlySet<string> = new Set([...KNOWN_ERROR_CODES, 'not_confirmed']);

/** Whether Buyline knows what a code means (the service's published codes and its own). */
export const isExplainedCode = (code: string): boolean => EXPLAINED.has(code);

/** Codes after which trying the same again later may work. */
const RETRYABLE: ReadonlySet<string> = new Set<KnownErrorCode>([
  'account_login_failed',
  'internal_error',
  'request_processing',
  'managed_temporarily_overloaded',
  'attempting_to_cancel',
  'too_many_requests',
]);

// The message keys of a code's texts; a code without both messages does not compile.
const titleKey = (code: KnownErrorCode | 'not_confirmed') => `error_${code}_title` as const;
const fixKey = (code: KnownErrorCode | 'not_confirmed') => `error_${code}_fix` as const;

/**
 * The explanation of a code, its texts in the browser's language. An unknown code is
 * said to be one, with the service's message when it gave one, never named: a code is
 * for support and shows only under "Show raw response". Whether that message ends in a
 * full stop or not, the title ends in exactly one.
 */
export function explainErrorCode(code: string, serviceMessage?: string): Explanation {
  if (EXPLAINED.has(code)) {
    const known = code as KnownErrorCode | 'not_confirmed';
    return { title: t(titleKey(known)), fix: t(fixKey(known)), retryable: RETRYABLE.has(code) };
  }
  const said = serviceMessage?.trim();
  return {
    title: asSentence(said ? t('error_unknown_title_said', said) : t('error_unknown_title')),
    fix: t('error_unknown_fix'),
    retryable: false,
  };
}
