/**
 * Inputs that always produce a given outcome, like a payment provider's test cards.
 * sandbox/README.md lists them; tests and demos rely on them.
 */
export const TEST_CARDS = {
  /** Placed normally (any other Luhn-valid number does too). */
  success: '4242424242424242',
  /** credit_card_declined. */
  declined: '4000000000000002',
} as const;

/** Any number failing the Luhn check gives invalid_card_number, e.g. this one. */
export const INVALID_CARD_NUMBER = '4242424242424241';
/** This security code gives invalid_security_code. */
export const WRONG_SECURITY_CODE = '000';

/** This password gives invalid_login_credentials. */
export const WRONG_PASSWORD = 'wrong-password';
/** An email at this domain gives account_locked. */
export const LOCKED_ACCOUNT_DOMAIN = '@locked.example';

/** Shipping ZIP codes: refused by the retailer, or not delivered to. */
export const REFUSED_ZIP = '99901';
export const UNDELIVERABLE_ZIP = '99902';

/** Promo codes the simulated retailer accepts. */
export const PROMO_CODES: Record<
  string,
  { percent?: number; amount?: number; freeShipping?: boolean }
> = {
  SAVE10: { percent: 10 },
  TAKE5: { amount: 500 },
  FREESHIP: { freeShipping: true },
};

export function luhnValid(number: string): boolean {
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
