import type { OrderRequest } from '../../src/api/schemas/order-request.ts';
import type { Catalog } from './catalog.ts';
import { type Failure, fail } from './failure.ts';
import { formatCents, percentOf } from './money.ts';
import type { OrderLine } from './order-line.ts';
import type { PromoOutcome } from './promo-codes.ts';
import type { PriceComponentsCents } from './types.ts';

/**
 * The sales tax percent of an order: the storefront's flat VAT-like rate outside the
 * US; on a US storefront, the rate of the destination state, and none for an address
 * abroad (exports are not taxed).
 */
function taxPercent(
  catalog: Catalog,
  order: Pick<OrderRequest, 'retailer' | 'shipping_address'>,
): number {
  const storefront = catalog.tax_percent.storefronts[order.retailer];
  if (storefront !== undefined) return storefront;
  if (order.shipping_address.country !== 'US') return 0;
  return catalog.tax_percent.us_states[order.shipping_address.state] ?? 0;
}

export interface Priced {
  components: PriceComponentsCents;
  /** What the client pays: the managed cost for a managed order, else the total. */
  charged: number;
}

/**
 * Step 7 of placement. Every component is whole cents, rounded half up once: subtotal
 * (item price × quantity at face value), discount (promo codes), shipping, tax on the
 * discounted items plus shipping, total. A managed order adds managed_discount,
 * managed_priority_bid and managed_cost = round(total × (1 − discount/100)) + bid.
 */
export function priceOrder(
  catalog: Catalog,
  order: OrderRequest,
  lines: readonly OrderLine[],
  promo: PromoOutcome,
  currency: string,
): Priced | Failure {
  const money = (cents: number) => formatCents(cents, currency);
  const subtotal = lines.reduce((sum, line) => sum + line.offer.price * line.quantity, 0);
  const shipping = lines.reduce(
    (sum, line) => sum + (promo.freeShipping.has(line.index) ? 0 : line.shipping.price),
    0,
  );
  const taxable = subtotal - promo.discount + shipping;
  const tax = percentOf(taxable, taxPercent(catalog, order));
  if (order.fail_if_taxed === true && tax > 0) {
    return fail(
      'taxes_not_allowed',
      `The order would be charged ${money(tax)} of tax, and fail_if_taxed is set. Turn fail_if_taxed off, or ship to an address without sales tax.`,
      { tax },
    );
  }
  const total = taxable + tax;
  const components: PriceComponentsCents = {
    converted_payment_total: total,
    currency,
    payment_currency: currency,
    shipping,
    subtotal,
    tax,
    total,
    ...(promo.discount > 0 ? { discount: promo.discount } : {}),
  };
  let charged = total;
  if (order.addax === true) {
    const discount = order.managed_discount ?? 0;
    const bid = order.managed_priority_bid ?? 0;
    charged = percentOf(total, 100 - discount) + bid;
    Object.assign(components, {
      managed_discount: discount,
      managed_priority_bid: bid,
      managed_cost: charged,
    });
  }
  if (order.max_price !== undefined && charged > order.max_price) {
    const what = order.addax === true ? 'The managed order would cost' : 'The order would cost';
    return fail(
      'max_price_exceeded',
      `${what} ${money(charged)}, more than the max_price of ${money(order.max_price)}. Raise max_price, or wait for a lower price.`,
      { max_price: order.max_price, price: charged },
    );
  }
  return { components, charged };
}
