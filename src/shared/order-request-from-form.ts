/**
 * The order request a form describes, as the popup sends it to the background. It
 * does not judge the request: the background checks it with the contract's schema
 * (the only check) and answers with the problems, each at its field. Text that does
 * not read as a number or as JSON is sent as typed, so that check can name it.
 */
import { RETAILERS } from '../api/retailers.ts';
import { notesObject } from './client-notes.ts';
import { definedOnly, filledIn, listOf, numberOrText } from './form-values.ts';
import { moneyOrText, parseMoney } from './money.ts';
import type { Draft } from './order-form-model.ts';
import { criteriaFromForm } from './seller-criteria-form.ts';
import type { Settings } from './settings.ts';

/** Whether the form orders through a managed account (only where the retailer offers one). */
export function isManaged(draft: Pick<Draft, 'mode' | 'retailer'>): boolean {
  return draft.mode === 'managed' && draft.retailer !== '' && RETAILERS[draft.retailer].managed;
}

/** The request, and for own-account orders the vault items chosen, when all three are. */
export function requestFromForm(
  draft: Draft,
  settings: Settings,
): { request: Record<string, unknown>; secrets?: Draft['secrets'] } {
  const marketplace = draft.retailer !== '' && RETAILERS[draft.retailer].marketplace;
  const managed = isManaged(draft);
  const criteria = criteriaFromForm(draft.criteria);
  const advanced = draft.advanced;
  const promo = listOf(advanced.promoCodes).map((code) => ({ code }));
  const hooks = filledIn(advanced.webhooks);
  const bid = parseMoney(draft.managed.bid);
  const notes = advanced.clientNotes;

  const request = definedOnly({
    retailer: draft.retailer,
    products: draft.items.map((item) =>
      definedOnly({
        product_id: item.productId,
        quantity: item.quantityText ?? item.quantity,
        seller_selection_criteria: criteria,
      }),
    ),
    shipping_address: settings.addresses.find((entry) => entry.id === draft.addressId)?.address,
    is_gift: draft.isGift,
    ...(draft.shippingKind === 'method'
      ? { shipping_method: draft.shippingMethod }
      : {
          shipping: definedOnly({
            order_by: draft.orderBy,
            max_days: numberOrText(draft.maxDays),
            max_price: moneyOrText(draft.shippingMaxPrice),
          }),
        }),
    max_price: moneyOrText(draft.maxPrice),
    gift_message: draft.isGift && draft.giftMessage !== '' ? draft.giftMessage : undefined,
    require_gift: (draft.isGift && draft.requireGift) || undefined,
    ...(managed
      ? {
          addax: true,
          managed_discount: numberOrText(draft.managed.discount),
          addax_queue_timeout: numberOrText(draft.managed.queueTimeout),
          managed_prime_optout: draft.managed.primeOptout || undefined,
          // A bid of nothing is no bid.
          managed_priority_bid: bid === 0 ? undefined : moneyOrText(draft.managed.bid),
        }
      : {}),
    promo_codes: promo.length > 0 ? promo : undefined,
    po_number: marketplace ? numberOrText(advanced.poNumber) : undefined,
    marketplace_day: marketplace ? advanced.marketplaceDay.trim() || undefined : undefined,
    max_delivery_days: marketplace ? numberOrText(advanced.maxDeliveryDays) : undefined,
    fail_if_taxed: advanced.failIfTaxed || undefined,
    strict_expired_product_id: advanced.strictExpired || undefined,
    take_buybox_offers: advanced.takeBuybox || undefined,
    force_offers_postal_code: advanced.forcePostalCode.trim() || undefined,
    webhooks: Object.keys(hooks).length > 0 ? hooks : undefined,
    // A JSON object as written; any other text (a broken object too) kept as `note`.
    client_notes: notes.trim() === '' ? undefined : (notesObject(notes) ?? { note: notes }),
  });

  const { credentialsId, paymentId, billingId } = draft.secrets;
  // The background adds the chosen secrets; without all three it says which is missing.
  return !managed && credentialsId && paymentId && billingId
    ? { request, secrets: { credentialsId, paymentId, billingId } }
    : { request };
}
