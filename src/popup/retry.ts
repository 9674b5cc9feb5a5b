import type { KnownErrorCode } from '../api/error-messages.ts';
import type { FieldProblem } from '../api/problems.ts';
import { isRetailerCode, RETAILERS } from '../api/retailers.ts';
import type { OrderRequest } from '../api/schemas/order-request.ts';
import { numberText } from '../shared/form-values.ts';
import { centsToText } from '../shared/money.ts';
import { newDraft } from '../shared/order-form-model.ts';
import type { Failure, OrderRecord } from '../shared/order-record.ts';
import { criteriaForm } from '../shared/seller-criteria-form.ts';
import type { Settings } from '../shared/settings.ts';
import { NEW_ADDRESS, type PopupDraft } from './form/types.ts';

/** A sent request as the history keeps it (redacted): any part may be missing. */
type SentRequest = Partial<Omit<OrderRequest, 'shipping_address'>> & {
  shipping_address?: Record<string, string>;
};

const same = (a: object, b: object) => JSON.stringify(a) === JSON.stringify(b);

/**
 * "Order again": a new form (a new draft id, so a new order) with what was sent, the
 * address as a saved one when it is the same, else a one-off. Secrets were never kept:
 * the vault items are chosen again (`preselected`, use-order-draft.ts).
 */
export function retryDraft(order: OrderRecord, settings: Settings): PopupDraft | undefined {
  if (!isRetailerCode(order.retailer)) return undefined;
  const sent = order.request as SentRequest;
  const currency = order.currency ?? RETAILERS[order.retailer].currency;
  const products = Array.isArray(sent.products) ? sent.products : [];
  const draft = newDraft(
    settings,
    order.retailer,
    products.map((product, index) => ({
      productId: String(product.product_id ?? ''),
      quantity: Number(product.quantity ?? 1),
      currency,
      ...(index === 0 && order.title && products.length === 1 ? { title: order.title } : {}),
    })),
  );
  const address = sent.shipping_address;
  const saved = address && settings.addresses.find((entry) => same(entry.address, address));
  return {
    ...draft,
    mode: sent.addax ? 'managed' : 'own',
    maxPrice: centsToText(sent.max_price),
    maxPriceEdited: true,
    ...(sent.shipping_method
      ? { shippingKind: 'method', shippingMethod: sent.shipping_method }
      : {}),
    criteria: criteriaForm(products[0]?.seller_selection_criteria),
    isGift: sent.is_gift === true,
    giftMessage: sent.gift_message ?? '',
    managed: {
      ...draft.managed,
      discount: numberText(sent.managed_discount) || draft.managed.discount,
      queueTimeout: numberText(sent.addax_queue_timeout) || draft.managed.queueTimeout,
    },
    ...(saved
      ? { addressId: saved.id }
      : address
        ? { addressId: NEW_ADDRESS, oneOff: { text: '', address, save: false } }
        : {}),
  };
}

/** The field of the order form each failure asks the buyer to change, with its codes. */
const CODES_BY_FIELD: Readonly<Record<string, readonly KnownErrorCode[]>> = {
  max_price: ['max_price_exceeded'],
  shipping_method: [
    'no_free_shipping',
    'no_two_day_shipping',
    'shipping_method_unavailable',
    'invalid_shipping_method',
    'cannot_schedule_delivery',
  ],
  max_delivery_days: ['max_delivery_days_exceeded'],
  'products.0.quantity': ['max_quantity_exceeded', 'invalid_quantity'],
  promo_codes: ['invalid_promo_code'],
  fail_if_taxed: ['taxes_not_allowed'],
  require_gift: ['no_gift_shipping'],
  is_gift: ['invalid_gift_options'],
  shipping_address: ['invalid_address', 'shipping_address_refused', 'shipping_address_unavailable'],
  managed_discount: ['managed_temporarily_overloaded'],
  payment_method: [
    'credit_card_declined',
    'invalid_card_number',
    'invalid_expiration_date',
    'invalid_security_code',
    'invalid_payment_method',
  ],
  retailer_credentials: ['invalid_login_credentials', 'account_login_failed'],
  billing_address: ['billing_address_refused'],
  strict_expired_product_id: ['expired_product_id'],
};

/** "Order again" after a failure: the fix, at the field to change (if one is to blame). */
export function retryProblems(failure: Failure | undefined): FieldProblem[] {
  const field = Object.keys(CODES_BY_FIELD).find((key) =>
    CODES_BY_FIELD[key]?.some((code) => code === failure?.code),
  );
  return field && failure ? [{ field, message: failure.fix }] : [];
}
