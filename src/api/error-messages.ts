import type { KnownErrorCode } from './error-codes.ts';

export interface Explanation {
  /** What happened, in plain words. */
  title: string;
  /** What the user can change. */
  fix: string;
  /** Whether trying the same again later may work. */
  retryable: boolean;
}

const e = (title: string, fix: string, retryable = false): Explanation => ({
  title,
  fix,
  retryable,
});

/** Every published code (and our own), as a plain sentence and the fix. */
export const EXPLANATIONS: Record<KnownErrorCode, Explanation> = {
  account_locked: e(
    'The retailer account is locked.',
    'Unlock the account on the retailer’s site, then place the order again.',
  ),
  account_locked_verification_required: e(
    'The retailer account needs a verification.',
    'Sign in on the retailer’s site, complete the verification, then place the order again.',
  ),
  account_login_failed: e(
    'Signing in to the retailer account failed.',
    'Check the retailer login in Options, then place the order again.',
    true,
  ),
  add_on_item: e(
    'The product is an add-on item that cannot be ordered alone.',
    'Add other products to the order, or allow add-on offers in the seller criteria.',
  ),
  additional_information_required: e(
    'The retailer asks for more information.',
    'Complete the order on the retailer’s site.',
  ),
  billing_address_refused: e(
    'The retailer refused the billing address.',
    'Check the billing address saved with your card in Options.',
  ),
  brand_not_accepted: e(
    'This brand cannot be ordered through the service.',
    'Order this product directly on the retailer’s site.',
  ),
  cannot_schedule_delivery: e(
    'No delivery could be scheduled.',
    'Choose another shipping method or address.',
  ),
  credit_card_declined: e(
    'The card was declined.',
    'Use another card, or check the card with your bank.',
  ),
  duplicate_order: e(
    'The retailer saw this as a duplicate order.',
    'Check your orders on the retailer’s site before placing it again.',
  ),
  expired_product_id: e(
    'The product id has expired.',
    'Open the product’s current page and order from there, or turn off “strict expired product id”.',
  ),
  incomplete_account_setup: e(
    'The retailer account is not fully set up.',
    'Finish the account setup on the retailer’s site (address, payment).',
  ),
  insufficient_managed_balance: e(
    'The managed account balance is too low.',
    'Add funds to your managed balance with the service, then try again.',
  ),
  insufficient_variants: e(
    'The product variant could not be chosen.',
    'Pick the exact variant (size, colour) on the product page and use its id.',
  ),
  internal_error: e('The service had an internal error.', 'Try again in a few minutes.', true),
  invalid_address: e(
    'The shipping address is not valid.',
    'Check the shipping address (street, ZIP code, state).',
  ),
  invalid_card_number: e(
    'The card number is not valid.',
    'Check the card number saved in Options.',
  ),
  invalid_client_token: e('The service rejected the token.', 'Update the token in Options.'),
  invalid_expiration_date: e(
    'The card’s expiration date is not valid or has passed.',
    'Update the card’s expiration date in Options, or use another card.',
  ),
  invalid_gift_options: e(
    'The gift options are not valid.',
    'Shorten the gift message or turn gift options off.',
  ),
  invalid_json: e(
    'The service could not read the request.',
    'Report this to the Buyline team; it is a bug.',
  ),
  invalid_login_credentials: e(
    'The retailer login was refused.',
    'Check the retailer email and password in Options.',
  ),
  invalid_payment_method: e('The payment method is not valid.', 'Choose another payment method.'),
  invalid_promo_code: e(
    'A promotion code was not accepted.',
    'Remove the code, or mark it optional.',
  ),
  invalid_quantity: e('The quantity is not allowed.', 'Lower the quantity.'),
  invalid_request: e(
    'The service found a problem in the order.',
    'Correct the field it names, then place the order again.',
  ),
  invalid_request_id: e(
    'The service does not know this request.',
    'Sync orders from the service to see what it has.',
  ),
  invalid_security_code: e(
    'The card’s security code was refused.',
    'Check the security code saved with the card.',
  ),
  invalid_shipping_method: e(
    'The shipping method is not offered.',
    'Choose another shipping method.',
  ),
  invalid_variant: e(
    'The product variant is not valid.',
    'Open the exact variant’s page and order from there.',
  ),
  item_not_supported: e(
    'This item cannot be ordered through the service.',
    'Order it directly on the retailer’s site.',
  ),
  manual_review_required: e(
    'The order needs a manual review by the service.',
    'Wait for the service to review it, or contact its support.',
  ),
  max_price_exceeded: e(
    'The price went above your maximum.',
    'Raise the maximum price, or wait for a better price.',
  ),
  max_quantity_exceeded: e('The quantity is above what the seller allows.', 'Lower the quantity.'),
  max_delivery_days_exceeded: e(
    'Delivery would take longer than you allowed.',
    'Allow more delivery days, or choose faster shipping.',
  ),
  mismatching_retailer: e(
    'The product does not belong to this retailer.',
    'Check the retailer and product id.',
  ),
  no_free_shipping: e(
    'Free shipping is not offered for an item.',
    'Choose another shipping method than “free”.',
  ),
  no_gift_shipping: e(
    'An item cannot be shipped as a gift.',
    'Turn off “require gift”, or remove that item.',
  ),
  no_two_day_shipping: e('Two-day shipping is not offered.', 'Choose another shipping method.'),
  order_probably_placed: e(
    'The order was probably placed, but the service could not confirm it.',
    'Check your orders on the retailer’s site before placing it again.',
  ),
  payment_info_problem: e(
    'The retailer had a problem with the payment information.',
    'Check the payment method and billing address in Options.',
  ),
  product_unavailable: e(
    'No offer of the product matched.',
    'Loosen the seller criteria (condition, prime, handling days) or try later.',
  ),
  request_processing: e(
    'The request is still being processed.',
    'Wait; Buyline keeps checking.',
    true,
  ),
  shipping_address_refused: e(
    'The retailer refused the shipping address.',
    'Use another shipping address.',
  ),
  shipping_address_unavailable: e(
    'The retailer does not deliver to this address.',
    'Use another shipping address.',
  ),
  shipping_method_unavailable: e(
    'No shipping method matched your choice.',
    'Choose another shipping method or loosen its limits.',
  ),
  unauthorized_access: e(
    'The service refused access.',
    'Check the token and your account with the service.',
  ),
  unknown_retailer: e('The service does not know this retailer.', 'Choose a supported retailer.'),
  unsupported_product_id: e(
    'The product id is not in a form the retailer uses.',
    'Check the product id (an ASIN has 10 characters).',
  ),
  managed_temporarily_overloaded: e(
    'The managed accounts could not take the order in time.',
    'Try again later, lower the discount (pay more), or raise the priority bid.',
    true,
  ),
  aborted_request: e('The order was aborted.', 'Place it again if you still want it.'),
  attempting_to_cancel: e(
    'The retailer is attempting to cancel the order.',
    'Wait; Buyline tells you how it ends.',
    true,
  ),
  taxes_not_allowed: e(
    'The order would have been taxed.',
    'Turn off “fail if taxed”, or use a tax-exempt account.',
  ),
  too_many_requests: e(
    'The service asked us to slow down.',
    'Wait a moment; Buyline retries by itself.',
    true,
  ),
  cancellation_failed: e(
    'The retailer could not cancel the order.',
    'The order may have shipped already: return it once it arrives, or contact the retailer.',
  ),
};

/** The explanation of a code; an unknown code is shown as it came, never hidden. */
export function explainErrorCode(code: string, serviceMessage?: string): Explanation {
  const known = (EXPLANATIONS as Record<string, Explanation | undefined>)[code];
  if (known) return known;
  const said = serviceMessage ? `: ${serviceMessage}` : '';
  return e(
    `The service answered ${code}${said}.`,
    'Check the order on the retailer’s site, or contact the service’s support with this code.',
  );
}
