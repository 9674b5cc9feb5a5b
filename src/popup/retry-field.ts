import type { FieldProblem } from '../api/problems.ts';
import type { Failure } from '../shared/order-record.ts';

/** The field of the order form each failure asks the buyer to change, with its codes. */
const CODES_BY_FIELD: Readonly<Record<string, string>> = {
  max_price: 'max_price_exceeded',
  shipping_method:
    'no_free_shipping no_two_day_shipping shipping_method_unavailable invalid_shipping_method cannot_schedule_delivery',
  max_delivery_days: 'max_delivery_days_exceeded',
  'products.0.quantity': 'max_quantity_exceeded invalid_quantity',
  promo_codes: 'invalid_promo_code',
  fail_if_taxed: 'taxes_not_allowed',
  require_gift: 'no_gift_shipping',
  is_gift: 'invalid_gift_options',
  shipping_address: 'invalid_address shipping_address_refused shipping_address_unavailable',
  managed_discount: 'managed_temporarily_overloaded',
  payment_method:
    'credit_card_declined invalid_card_number invalid_expiration_date invalid_security_code invalid_payment_method',
  retailer_credentials: 'invalid_login_credentials account_login_failed',
  billing_address: 'billing_address_refused',
  strict_expired_product_id: 'expired_product_id',
};

/**
 * "Order again" after a failure: the fix, shown at the field to change (and focused
 * there, as any problem is), or nothing when no one field is to blame.
 */
export function retryProblems(failure: Failure | undefined): FieldProblem[] {
  const field = Object.keys(CODES_BY_FIELD).find((key) =>
    CODES_BY_FIELD[key]?.split(' ').includes(failure?.code ?? ''),
  );
  return field && failure ? [{ field, message: failure.fix }] : [];
}
