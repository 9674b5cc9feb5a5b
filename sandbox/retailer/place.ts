import { RETAILERS } from '../../src/api/retailers.ts';
import type { OrderRequest } from '../../src/api/schemas/order-request.ts';
import {
  DEFAULT_SELLER_SELECTION_CRITERIA,
  type SellerSelectionCriteria,
} from '../../src/api/schemas/product.ts';
import type { Catalog } from './catalog.ts';
import { checkoutRefusal } from './checkout-checks.ts';
import { type Failure, fail, isFailure } from './failure.ts';
import { handlingDays, selectOffer } from './offer-selection.ts';
import type { OrderLine } from './order-line.ts';
import { placedOrder } from './placed-order.ts';
import { priceOrder } from './pricing.ts';
import { resolveProduct } from './product-ids.ts';
import { applyPromoCodes } from './promo-codes.ts';
import { selectShipping } from './shipping-selection.ts';
import type { PlacementContext, PlacementResult } from './types.ts';

/**
 * The spec's default criteria. Prime exists only on the amazon storefronts, so
 * elsewhere the default keeps handling within 6 days and New only.
 */
function defaultCriteria(marketplace: boolean): SellerSelectionCriteria {
  const { prime, handling_days_max, condition_in } = DEFAULT_SELLER_SELECTION_CRITERIA;
  return {
    ...(marketplace ? { prime } : {}),
    handling_days_max,
    condition_in: [...condition_in],
  };
}

/** Steps 1 to 5 for one ordered product: its catalog product, offer and shipping. */
function orderLine(catalog: Catalog, order: OrderRequest, index: number): OrderLine | Failure {
  const item = order.products[index] as OrderRequest['products'][number];
  const storefront = RETAILERS[order.retailer];
  const at = { product_index: index, product_id: item.product_id };

  const resolved = resolveProduct(
    catalog,
    order.retailer,
    item.product_id,
    order.strict_expired_product_id === true,
    at,
  );
  if (isFailure(resolved)) return resolved;
  const { product } = resolved;

  const criteria = item.seller_selection_criteria ?? defaultCriteria(storefront.marketplace);
  const selection = selectOffer(product, criteria, {
    quantity: item.quantity,
    postalCode: order.force_offers_postal_code ?? order.shipping_address.zip_code,
    promos: order.promo_codes ?? [],
    takeBuyBox: order.take_buybox_offers === true,
  });
  if ('excluded' in selection) {
    const { criterion, reason, hint } = selection.excluded;
    const defaults =
      item.seller_selection_criteria === undefined && order.take_buybox_offers !== true
        ? ' These are the default seller criteria (prime, handling within 6 days, New); send seller_selection_criteria to change them.'
        : '';
    return fail(
      'product_unavailable',
      `“${product.title}” cannot be ordered: ${reason}. ${hint}${defaults}`,
      { ...at, criterion, reason },
    );
  }
  const { offer } = selection;

  const shipping = selectShipping(product, order, {
    marketplace: storefront.marketplace,
    defaultDayName: catalog.day_delivery_names[0] ?? 'Marketplace Day',
  });
  if ('code' in shipping) return fail(shipping.code, shipping.message, at);

  return {
    index,
    requested: resolved.requested,
    product,
    quantity: item.quantity,
    offer,
    shipping: shipping.option,
    deliveryDays: handlingDays(offer, product) + shipping.option.days,
  };
}

/**
 * Decides what the simulated retailer does with one valid order request, following
 * the steps in order: products, offers, shipping, delivery limit, gift, promo codes,
 * price, checkout refusals, and the placed order. Pure: every random choice comes from
 * ctx.random and every date from ctx.now.
 */
export function placeOrder(
  catalog: Catalog,
  order: OrderRequest,
  ctx: PlacementContext,
): PlacementResult {
  const lines: OrderLine[] = [];
  for (let index = 0; index < order.products.length; index++) {
    const line = orderLine(catalog, order, index);
    if (isFailure(line)) return line;
    lines.push(line);
  }

  // Step 4: the amazon family's delivery limit.
  if (order.max_delivery_days !== undefined) {
    const slowest = lines.reduce((a, b) => (b.deliveryDays > a.deliveryDays ? b : a));
    if (slowest.deliveryDays > order.max_delivery_days) {
      return fail(
        'max_delivery_days_exceeded',
        `The retailer expects to deliver “${slowest.product.title}” in ${slowest.deliveryDays} days, later than max_delivery_days (${order.max_delivery_days}). Allow more days, or choose faster shipping.`,
        {
          product_id: slowest.product.product_id,
          estimated_days: slowest.deliveryDays,
          max_delivery_days: order.max_delivery_days,
        },
      );
    }
  }

  // Step 5: gifts.
  if (order.is_gift && order.require_gift === true) {
    const noGift = lines.find((line) => !line.offer.gift);
    if (noGift) {
      return fail(
        'no_gift_shipping',
        `“${noGift.product.title}” cannot be sent as a gift by its seller. Remove it from the order, or turn off require_gift.`,
        { product_id: noGift.product.product_id, product_index: noGift.index },
      );
    }
  }

  // Steps 6 and 7: promo codes and price.
  const promo = applyPromoCodes(order.promo_codes ?? [], lines);
  if (isFailure(promo)) return promo;
  const currency = lines[0]?.product.currency ?? RETAILERS[order.retailer].currency;
  const priced = priceOrder(catalog, order, lines, promo, currency);
  if (isFailure(priced)) return priced;

  // Step 8: checkout refusals from the designated test values.
  const refusal = checkoutRefusal(order, lines, ctx.now);
  if (refusal) return refusal;

  // Step 9: placed.
  return { kind: 'placed', order: placedOrder(order, lines, priced.components, ctx) };
}
