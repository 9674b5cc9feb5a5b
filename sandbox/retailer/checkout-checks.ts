import type { OrderRequest } from '../../src/api/schemas/order-request.ts';
import { type Failure, fail } from './failure.ts';
import type { OrderLine } from './order-line.ts';
import {
  LOCKED_ACCOUNT_DOMAIN,
  luhnValid,
  REFUSED_ZIP,
  TEST_CARDS,
  UNDELIVERABLE_ZIP,
  UNKNOWN_ACCOUNT_EMAIL,
  WRONG_PASSWORD,
  WRONG_SECURITY_CODE,
} from './test-values.ts';

/**
 * Step 8 of placement: what the retailer refuses at checkout, in the order a checkout
 * meets it: the login, the delivery address, the cart, the card, and last the
 * retailer's own trouble. Each outcome comes from a designated test value
 * (test-values.ts, README-test-values.md).
 */
export function checkoutRefusal(
  order: OrderRequest,
  lines: readonly OrderLine[],
  now: number,
): Failure | undefined {
  return (
    checkAccount(order) ??
    checkAddress(order) ??
    checkCart(lines) ??
    checkPayment(order, now) ??
    forcedOutcome(lines)
  );
}

function checkAccount(order: OrderRequest): Failure | undefined {
  const credentials = order.retailer_credentials;
  if (!credentials) return undefined;
  const email = credentials.email.trim().toLowerCase();
  if (email.endsWith(LOCKED_ACCOUNT_DOMAIN)) {
    return fail(
      'account_locked',
      'The retailer has locked this account. Sign in on the retailer’s site to unlock it, then place the order again.',
    );
  }
  if (credentials.password === WRONG_PASSWORD || email === UNKNOWN_ACCOUNT_EMAIL) {
    return fail(
      'invalid_login_credentials',
      'The retailer did not accept this email and password. Check the retailer login and try again.',
    );
  }
  return undefined;
}

function checkAddress(order: OrderRequest): Failure | undefined {
  const zip = order.shipping_address.zip_code.trim();
  if (zip === REFUSED_ZIP) {
    return fail(
      'shipping_address_refused',
      'The retailer refused this shipping address. Check it, or ship to another address.',
      { zip_code: zip },
    );
  }
  if (zip === UNDELIVERABLE_ZIP) {
    return fail(
      'shipping_address_unavailable',
      'The retailer does not deliver to this shipping address. Ship to another address.',
      { zip_code: zip },
    );
  }
  return undefined;
}

function checkCart(lines: readonly OrderLine[]): Failure | undefined {
  for (const line of lines) {
    const cap = line.product.max_quantity;
    if (cap !== undefined && line.quantity > cap) {
      return fail(
        'max_quantity_exceeded',
        `The retailer sells at most ${cap} of “${line.product.title}” per order. Order ${cap} or fewer.`,
        { product_id: line.product.product_id, product_index: line.index, max_quantity: cap },
      );
    }
  }
  // An add-on item ships only together with an item that is not an add-on.
  const first = lines[0];
  if (first && lines.every((line) => line.offer.addon)) {
    return fail(
      'add_on_item',
      `“${first.product.title}” is an add-on item: the retailer ships it only with other items. Add a product that is not an add-on to the order.`,
      { product_id: first.product.product_id, product_index: first.index },
    );
  }
  return undefined;
}

function checkPayment(order: OrderRequest, now: number): Failure | undefined {
  const card = order.payment_method;
  if (!card || card.use_gift === true) return undefined;
  const number = card.number ?? '';
  if (!luhnValid(number) || number === TEST_CARDS.invalidNumber) {
    return fail(
      'invalid_card_number',
      'The card number is not valid. Check the number on the card and enter it again.',
    );
  }
  // A card is good through the last day of its expiration month.
  const today = new Date(now);
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth() + 1;
  const expiryYear = card.expiration_year ?? 0;
  const expiryMonth = card.expiration_month ?? 0;
  if (
    number === TEST_CARDS.expired ||
    expiryYear < year ||
    (expiryYear === year && expiryMonth < month)
  ) {
    return fail(
      'invalid_expiration_date',
      'The card has expired, or its expiration date is wrong. Check the date, or use another card.',
    );
  }
  if (card.security_code === WRONG_SECURITY_CODE || number === TEST_CARDS.wrongSecurityCode) {
    return fail(
      'invalid_security_code',
      'The card’s security code was refused. Check the 3 or 4 digits on the card and enter them again.',
    );
  }
  if (number === TEST_CARDS.declined) {
    return fail(
      'credit_card_declined',
      'The card was declined. Use another card, or ask the bank why it refused the payment.',
    );
  }
  return undefined;
}

function forcedOutcome(lines: readonly OrderLine[]): Failure | undefined {
  const outcome = lines.find((line) => line.product.outcome)?.product.outcome;
  if (outcome === 'internal_error') {
    return fail(
      'internal_error',
      'The retailer had an internal error and did not place the order. Try again in a few minutes.',
    );
  }
  if (outcome === 'order_probably_placed') {
    return fail(
      'order_probably_placed',
      'The order was probably placed, but the retailer did not confirm it. Check the orders in the retailer account before placing it again.',
    );
  }
  return undefined;
}
