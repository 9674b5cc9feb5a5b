import type { MessageKey } from '../shared/i18n.ts';

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
export const KNOWN_ERROR_CODES = (
  'account_locked account_locked_verification_required account_login_failed add_on_item ' +
  'additional_information_required billing_address_refused brand_not_accepted ' +
  'cannot_schedule_delivery credit_card_declined duplicate_order expired_product_id ' +
  'incomplete_account_setup insufficient_managed_balance insufficient_variants internal_error ' +
  'invalid_address invalid_card_number invalid_client_token invalid_expiration_date ' +
  'invalid_gift_options invalid_json invalid_login_credentials invalid_payment_method ' +
  'invalid_promo_code invalid_quantity invalid_request invalid_request_id ' +
  'invalid_security_code invalid_shipping_method invalid_variant item_not_supported ' +
  'manual_review_required max_price_exceeded max_quantity_exceeded ' +
  'max_delivery_days_exceeded mismatching_retailer no_free_shipping no_gift_shipping ' +
  'no_two_day_shipping order_probably_placed payment_info_problem product_unavailable ' +
  'request_processing shipping_address_refused shipping_address_unavailable ' +
  'shipping_method_unavailable unauthorized_access unknown_retailer unsupported_product_id ' +
  'managed_temporarily_overloaded aborted_request attempting_to_cancel ' +
  'taxes_not_allowed too_many_requests cancellation_failed already_exists'
).split(' ') as readonly KnownErrorCode[];
