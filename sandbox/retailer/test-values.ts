/**
 * Inputs that always produce a given outcome, like a payment provider's test cards.
 * README-test-values.md lists each one with what it does; tests and demos import them
 * from here so that the table and the behaviour cannot drift apart.
 */

/** Card numbers. Any other number that passes the Luhn check is accepted. */
export const TEST_CARDS = {
  /** Accepted. */
  success: '4242424242424242',
  /** credit_card_declined. */
  declined: '4000000000000002',
  /** invalid_card_number, although it passes the Luhn check. */
  invalidNumber: '4000000000000010',
  /** invalid_expiration_date, whatever expiry is sent. */
  expired: '4000000000000069',
  /** invalid_security_code, whatever security code is sent. */
  wrongSecurityCode: '4000000000000127',
} as const;

/** Any number failing the Luhn check gives invalid_card_number, for example this one. */
export const INVALID_CARD_NUMBER = '4242424242424241';
/** This security code gives invalid_security_code on any card. */
export const WRONG_SECURITY_CODE = '000';

/** This retailer password gives invalid_login_credentials. */
export const WRONG_PASSWORD = 'wrong-password';
/** This retailer email has no account: invalid_login_credentials. */
export const UNKNOWN_ACCOUNT_EMAIL = 'no-account@example.com';
/** Any retailer email at this domain gives account_locked. */
export const LOCKED_ACCOUNT_DOMAIN = '@locked.example';

/** Shipping ZIP codes: an address the retailer refuses, and one it cannot deliver to. */
export const REFUSED_ZIP = '99901';
export const UNDELIVERABLE_ZIP = '99902';

/** Products of the catalog that exist to produce one outcome each. */
export const TEST_PRODUCTS = {
  /** amazon: always placed, 19.99 USD, sold by the storefront. */
  alwaysPlaces: 'B0PLACES01',
  /** walmart: always placed, 12.99 USD. */
  walmartAlwaysPlaces: '900000001',
  /** amazon: no free shipping method (shipping_method free → no_free_shipping). */
  noFreeShipping: 'B0NOFREE01',
  /** amazon: no offer can be sent as a gift (is_gift + require_gift → no_gift_shipping). */
  noGiftOption: 'B0NOGIFT01',
  /** amazon: an expired id that redirects to successor. */
  expired: 'B0OLDID001',
  successor: 'B0NEWID001',
  /** walmart: an expired item number that redirects to walmartAlwaysPlaces. */
  walmartExpired: '900000000',
  /** amazon: every offer out of stock (product_unavailable unless allow_oos). */
  outOfStock: 'B0OOSTOCK1',
  /** amazon: only add-on offers (add_on_item when nothing else is ordered). */
  addOnOnly: 'B0ADDON001',
  /** amazon: at most MAX_QUANTITY_CAP per order (max_quantity_exceeded above). */
  quantityCapped: 'B0MAXQTY02',
  /** amazon: the order ends in order_probably_placed. */
  probablyPlaced: 'B0PROBPLC1',
  /** amazon: the order ends in internal_error. */
  internalError: 'B0INTERR01',
  /** amazon: arrives in 12 days (max_delivery_days below 12 → max_delivery_days_exceeded). */
  slowDelivery: 'B0SLOWDLV1',
  /** amazon: of three sellers only QuickShip ships within 6 days (default criteria). */
  handlingDays: 'B0HANDLING',
  /** amazon: a cheaper local seller delivers to ZIP codes 021xx only. */
  localSeller: 'B0ZIPONLY1',
  /** amazon: a 3-day method at 12.99 and a 7-day one at 1.99 (the spec's max_days example). */
  threeOrSevenDays: 'B0THREE7DY',
  /** amazon: managed pool serves it only at managed_discount -10 or lower. */
  scarceManaged: 'B0SCARCE01',
  /** amazon: cancellation goes attempting_to_cancel, then cancelled. */
  cancelViaAttempting: 'B0CANCELOK',
  /** amazon_uk: cancellation goes attempting_to_cancel, then cancelled. */
  ukCancelViaAttempting: 'B0UKCANCEL',
  /** amazon: cancellation goes attempting_to_cancel, then fails (already shipped). */
  cancelFails: 'B0CANCELNO',
  /** amazon: cancelled at once. */
  cancelAtOnce: 'B0CANCELIM',
} as const;

export const MAX_QUANTITY_CAP = 2;
/** The managed_discount the scarce product needs: paying at least 10% above face value. */
export const SCARCE_MANAGED_DISCOUNT = -10;

export interface PromoCodeEffect {
  /** Percent off the items it applies to. */
  percent?: number;
  /** Cents off the items it applies to, at most their price. */
  amount?: number;
  /** No shipping charge for the items it applies to. */
  freeShipping?: boolean;
}

/**
 * Promotion codes the simulated retailer accepts at checkout, on every storefront
 * (case-insensitive). Any other code fails invalid_promo_code unless it is optional.
 */
export const PROMO_CODES: Readonly<Record<string, PromoCodeEffect>> = {
  SAVE10: { percent: 10 },
  TAKE5: { amount: 500 },
  FREESHIP: { freeShipping: true },
};

/** The payment-card checksum every real card number passes. */
export function luhnValid(number: string): boolean {
  if (!/^\d+$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
