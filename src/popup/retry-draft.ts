import { isRetailerCode, RETAILERS } from '../api/retailers.ts';
import type { SellerSelectionCriteria } from '../api/schemas/product.ts';
import { numberText } from '../shared/form-values.ts';
import { centsToText } from '../shared/money.ts';
import { newDraft } from '../shared/order-form-model.ts';
import type { OrderRecord } from '../shared/order-record.ts';
import { criteriaForm } from '../shared/seller-criteria-form.ts';
import type { Settings } from '../shared/settings.ts';
import { NEW_ADDRESS, type PopupDraft } from './form/types.ts';

/** The parts of a sent request (redacted, as the history keeps it) an order form is made of. */
interface SentRequest {
  products?: {
    product_id?: string;
    quantity?: number;
    seller_selection_criteria?: SellerSelectionCriteria;
  }[];
  shipping_address?: Record<string, string>;
  shipping_method?: PopupDraft['shippingMethod'];
  max_price?: number;
  addax?: boolean;
  managed_discount?: number;
  addax_queue_timeout?: number;
  is_gift?: boolean;
  gift_message?: string;
}

const same = (a: object, b: object) => JSON.stringify(a) === JSON.stringify(b);

/**
 * "Order again" for an order from the history: a new form (a new draft id, so a new
 * order) with what was sent: its products, maximum price, shipping method, account,
 * gift and address (a saved one when it is the same, else a one-off). Secrets were never
 * kept: the vault items are chosen again (preselect.ts).
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
