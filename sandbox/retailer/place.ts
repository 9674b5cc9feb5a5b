import { RETAILERS } from '../../src/api/retailers.ts';
import type { OrderRequest } from '../../src/api/schemas/order-request.ts';
import {
  DEFAULT_SELLER_SELECTION_CRITERIA,
  type SellerSelectionCriteria,
} from '../../src/api/schemas/product.ts';
import {
  type Catalog,
  type CatalogProduct,
  findProduct,
  type Offer,
  type ShippingOption,
} from './catalog.ts';
import { handlingDays, selectOffer } from './offer-selection.ts';
import { selectShipping } from './shipping-selection.ts';
import {
  LOCKED_ACCOUNT_DOMAIN,
  luhnValid,
  PROMO_CODES,
  REFUSED_ZIP,
  TEST_CARDS,
  UNDELIVERABLE_ZIP,
  WRONG_PASSWORD,
  WRONG_SECURITY_CODE,
} from './test-values.ts';
import type {
  PlacedMerchantOrder,
  PlacementContext,
  PlacementResult,
  TrackingEntry,
} from './types.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const CARRIERS = ['UPS', 'USPS', 'FedEx', 'DHL'];

type Failed = Extract<PlacementResult, { kind: 'failed' }>;
const fail = (code: string, message: string, data?: Record<string, unknown>): Failed => ({
  kind: 'failed',
  code,
  message,
  ...(data ? { data: { msg: message, ...data } } : { data: { msg: message } }),
});

interface Line {
  requested: string;
  product: CatalogProduct;
  quantity: number;
  offer: Offer;
  shipping: ShippingOption;
  deliveryDays: number;
}

const ASIN = /^(B0[A-Z0-9]{8}|\d{9}[\dX])$/;
const ITEM_NUMBER = /^\d{6,20}$/;

function productIdShapeOk(retailer: string, productId: string): boolean {
  return retailer.startsWith('amazon') ? ASIN.test(productId) : ITEM_NUMBER.test(productId);
}

function checkAccount(order: OrderRequest): Failed | undefined {
  const credentials = order.retailer_credentials;
  if (!credentials) return undefined;
  if (credentials.email.toLowerCase().endsWith(LOCKED_ACCOUNT_DOMAIN)) {
    return fail(
      'account_locked',
      'The retailer account is locked. Unlock it on the retailer’s site.',
    );
  }
  if (credentials.password === WRONG_PASSWORD) {
    return fail(
      'invalid_login_credentials',
      'The retailer refused the email and password. Check the retailer login.',
    );
  }
  return undefined;
}

function checkAddress(order: OrderRequest): Failed | undefined {
  const zip = order.shipping_address.zip_code;
  if (zip === REFUSED_ZIP)
    return fail(
      'shipping_address_refused',
      'The retailer refused this shipping address. Use another address.',
    );
  if (zip === UNDELIVERABLE_ZIP)
    return fail(
      'shipping_address_unavailable',
      'The retailer does not deliver to this address. Use another address.',
    );
  return undefined;
}

function checkPayment(order: OrderRequest, now: number): Failed | undefined {
  const payment = order.payment_method;
  if (!payment || payment.use_gift === true) return undefined;
  const number = payment.number ?? '';
  if (!luhnValid(number))
    return fail('invalid_card_number', 'The card number is not valid. Check it and try again.');
  const expiry = new Date(now);
  const year = expiry.getUTCFullYear();
  const month = expiry.getUTCMonth() + 1;
  if (
    (payment.expiration_year ?? 0) < year ||
    (payment.expiration_year === year && (payment.expiration_month ?? 0) < month)
  ) {
    return fail('invalid_expiration_date', 'The card has expired. Use another card.');
  }
  if (payment.security_code === WRONG_SECURITY_CODE)
    return fail('invalid_security_code', 'The card’s security code was refused.');
  if (number === TEST_CARDS.declined)
    return fail('credit_card_declined', 'The card was declined. Use another card.');
  return undefined;
}

/** Applies the order's promo codes at checkout; an unknown code fails unless optional. */
function promoDiscount(
  order: OrderRequest,
  lines: Line[],
): { discount: number; freeShipping: Set<string> } | Failed {
  let discount = 0;
  const freeShipping = new Set<string>();
  for (const promo of order.promo_codes ?? []) {
    const known = PROMO_CODES[promo.code.toUpperCase()];
    const applicable = lines.filter(
      (line) => promo.merchant_id === undefined || line.offer.merchant_id === promo.merchant_id,
    );
    if (!known || applicable.length === 0) {
      if (promo.optional === true) continue;
      return fail(
        'invalid_promo_code',
        `The promotion code ${promo.code} could not be applied. Remove it or mark it optional.`,
        { code: promo.code },
      );
    }
    const base = applicable.reduce((sum, line) => sum + line.offer.price * line.quantity, 0);
    if (known.percent) discount += Math.round((base * known.percent) / 100);
    if (known.amount) discount += Math.min(base, known.amount);
    if (known.freeShipping)
      for (const line of applicable) freeShipping.add(line.product.product_id);
  }
  return { discount, freeShipping };
}

function taxRate(order: OrderRequest, catalog: Catalog): number {
  const storefront = catalog.tax.storefront[order.retailer];
  if (storefront !== undefined) return storefront;
  if (order.shipping_address.country !== 'US') return 0;
  return catalog.tax.US[order.shipping_address.state] ?? catalog.tax.US.default ?? 0;
}

function merchantOrderId(retailer: string, random: () => number): string {
  const digits = (count: number) =>
    Array.from({ length: count }, () => Math.floor(random() * 10)).join('');
  return retailer.startsWith('amazon') ? `${digits(3)}-${digits(7)}-${digits(7)}` : digits(13);
}

function trackingNumber(carrier: string, random: () => number): string {
  const digits = Array.from({ length: 16 }, () => Math.floor(random() * 10)).join('');
  return carrier === 'UPS' ? `1Z${digits.slice(0, 16).toUpperCase()}` : digits;
}

/** Decides what the simulated retailer does with one valid order request. */
export function placeOrder(
  catalog: Catalog,
  order: OrderRequest,
  ctx: PlacementContext,
): PlacementResult {
  const storefront = RETAILERS[order.retailer];
  const problem = checkAccount(order) ?? checkAddress(order);
  if (problem) return problem;

  const postalCode = order.force_offers_postal_code ?? order.shipping_address.zip_code;
  const lines: Line[] = [];
  for (const [index, item] of order.products.entries()) {
    const at = { product_index: index, product_id: item.product_id };
    let productId = item.product_id;
    const successor = catalog.expired_ids[order.retailer]?.[productId];
    if (successor) {
      if (order.strict_expired_product_id === true) {
        return fail(
          'expired_product_id',
          `Product ${productId} is expired. Order its successor ${successor}, or turn off strict_expired_product_id.`,
          { ...at, successor },
        );
      }
      productId = successor;
    }
    const product = findProduct(catalog, order.retailer, productId);
    if (!product) {
      return productIdShapeOk(order.retailer, productId)
        ? fail(
            'product_unavailable',
            `Product ${productId} is not available on ${storefront.storefront}.`,
            at,
          )
        : fail(
            'unsupported_product_id',
            `${productId} is not a product id of ${storefront.storefront}. Check the id in the product page address.`,
            at,
          );
    }
    if (product.max_quantity !== undefined && item.quantity > product.max_quantity) {
      return fail(
        'max_quantity_exceeded',
        `At most ${product.max_quantity} of “${product.title}” can be ordered at once.`,
        { ...at, max_quantity: product.max_quantity },
      );
    }
    // The spec's defaults apply when no criteria are given; prime only means
    // something on the amazon storefronts.
    const criteria: SellerSelectionCriteria = item.seller_selection_criteria ?? {
      ...DEFAULT_SELLER_SELECTION_CRITERIA,
      condition_in: [...DEFAULT_SELLER_SELECTION_CRITERIA.condition_in],
      ...(storefront.marketplace ? {} : { prime: undefined }),
    };
    if (!storefront.marketplace) delete criteria.prime;
    const selection = selectOffer(product, criteria, {
      quantity: item.quantity,
      postalCode,
      promos: order.promo_codes ?? [],
      takeBuyBox: order.take_buybox_offers === true,
    });
    if ('reason' in selection) {
      return fail(
        'product_unavailable',
        `No offer of “${product.title}” matched: ${selection.reason}. Loosen the seller criteria.`,
        { ...at, reason: selection.reason },
      );
    }
    if (selection.offer.addon && criteria.addon !== true && order.products.length === 1) {
      return fail(
        'add_on_item',
        `“${product.title}” is an add-on item and cannot be ordered on its own. Add other products to the order.`,
        at,
      );
    }
    const shipping = selectShipping(product, order, storefront.marketplace);
    if ('code' in shipping) return fail(shipping.code, shipping.message, at);
    lines.push({
      requested: item.product_id,
      product,
      quantity: item.quantity,
      offer: selection.offer,
      shipping: shipping.option,
      deliveryDays: handlingDays(selection.offer, product) + shipping.option.days,
    });
  }

  if (order.max_delivery_days !== undefined) {
    const slowest = Math.max(...lines.map((line) => line.deliveryDays));
    if (slowest > order.max_delivery_days) {
      return fail(
        'max_delivery_days_exceeded',
        `The retailer estimates delivery in ${slowest} days, later than your ${order.max_delivery_days}. Allow more days or choose faster shipping.`,
        {
          estimated_days: slowest,
          max_delivery_days: order.max_delivery_days,
        },
      );
    }
  }
  if (order.is_gift && order.require_gift === true) {
    const noGift = lines.find((line) => !line.offer.gift);
    if (noGift)
      return fail(
        'no_gift_shipping',
        `“${noGift.product.title}” cannot be sent as a gift. Turn off require_gift or remove it.`,
        { product_id: noGift.product.product_id },
      );
  }

  const promo = promoDiscount(order, lines);
  if ('kind' in promo) return promo;
  const subtotal = lines.reduce((sum, line) => sum + line.offer.price * line.quantity, 0);
  const shippingCost = lines.reduce(
    (sum, line) =>
      sum + (promo.freeShipping.has(line.product.product_id) ? 0 : line.shipping.price),
    0,
  );
  const taxable = Math.max(0, subtotal - promo.discount) + shippingCost;
  const tax = Math.round(taxable * taxRate(order, catalog));
  if (order.fail_if_taxed === true && tax > 0) {
    return fail(
      'taxes_not_allowed',
      'The order would be taxed, and fail_if_taxed is set. Turn it off, or ship to a state without sales tax.',
      { tax },
    );
  }
  const total = taxable + tax;
  const currency = lines[0]?.product.currency ?? storefront.currency;
  const priceComponents: Record<string, unknown> & { total: number } = {
    converted_payment_total: total,
    currency,
    payment_currency: currency,
    shipping: shippingCost,
    subtotal,
    tax,
    total,
    ...(promo.discount > 0 ? { discount: promo.discount } : {}),
  };
  let charged = total;
  if (order.addax === true) {
    const discount = order.managed_discount ?? 0;
    const bid = order.managed_priority_bid ?? 0;
    charged = Math.round(total * (1 - discount / 100)) + bid;
    Object.assign(priceComponents, {
      managed_discount: discount,
      managed_priority_bid: bid,
      managed_cost: charged,
    });
  }
  if (order.max_price !== undefined && charged > order.max_price) {
    return fail(
      'max_price_exceeded',
      `The order would cost ${charged}, more than your maximum of ${order.max_price} (cents). Raise max_price or wait for a better price.`,
      {
        max_price: order.max_price,
        price: charged,
      },
    );
  }

  const payment = checkPayment(order, ctx.now);
  if (payment) return payment;
  const forced = lines.find((line) => line.product.outcome)?.product.outcome;
  if (forced === 'internal_error')
    return fail('internal_error', 'The retailer had an internal error. Try again later.');
  if (forced === 'order_probably_placed') {
    return fail(
      'order_probably_placed',
      'The order was probably placed but could not be confirmed. Check the retailer account before placing it again.',
    );
  }

  // One merchant order per seller.
  const account =
    order.addax === true
      ? `managed-${order.managed_prime_optout === true ? 'standard' : 'prime'}-${String(1 + Math.floor(ctx.random() * 9)).padStart(2, '0')}`
      : (order.retailer_credentials?.email ?? 'unknown');
  const placedAt = new Date(ctx.now).toISOString();
  const merchantOrders = new Map<string, PlacedMerchantOrder>();
  for (const line of lines) {
    if (!merchantOrders.has(line.offer.merchant_id)) {
      merchantOrders.set(line.offer.merchant_id, {
        merchant_order_id: merchantOrderId(order.retailer, ctx.random),
        merchant: line.offer.merchant_id,
        account,
        placed_at: placedAt,
      });
    }
  }
  const tracking: { visible_at: number; tracking: TrackingEntry }[] = lines.map((line, index) => {
    const carrier = CARRIERS[Math.floor(ctx.random() * CARRIERS.length)] as string;
    // The first entry comes within hours, the rest a day or two later: tracking is
    // partial first, then complete.
    const delay =
      index === 0 ? HOUR + Math.floor(ctx.random() * HOUR) : DAY + Math.floor(ctx.random() * DAY);
    return {
      visible_at: ctx.now + delay,
      tracking: {
        product_id: line.product.product_id,
        merchant_order_id: (merchantOrders.get(line.offer.merchant_id) as PlacedMerchantOrder)
          .merchant_order_id,
        carrier,
        tracking_number: trackingNumber(carrier, ctx.random),
      },
    };
  });
  return {
    kind: 'placed',
    order: {
      price_components: priceComponents as never,
      merchant_order_ids: [...merchantOrders.values()],
      delivery_dates: lines.map((line) => ({
        product_id: line.product.product_id,
        ...(line.requested !== line.product.product_id
          ? { requested_product_id: line.requested }
          : {}),
        merchant_order_id: (merchantOrders.get(line.offer.merchant_id) as PlacedMerchantOrder)
          .merchant_order_id,
        seller: line.offer.merchant_id,
        shipping_method: line.shipping.name,
        delivery_date: new Date(ctx.now + line.deliveryDays * DAY).toISOString().slice(0, 10),
      })),
      ...(storefront.marketplace
        ? {
            account_status: {
              prime: !(order.addax === true && order.managed_prime_optout === true),
              fresh: false,
              business: order.po_number !== undefined,
              charity: null,
            },
          }
        : {}),
      tracking_schedule: tracking,
    },
  };
}
