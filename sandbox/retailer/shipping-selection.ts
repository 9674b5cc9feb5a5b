import type { OrderRequest } from '../../src/api/schemas/order-request.ts';
import type { CatalogProduct, ShippingOption } from './catalog.ts';
import { formatCents } from './money.ts';

export type ShippingChoice = { option: ShippingOption } | { code: string; message: string };

const byPrice = (a: ShippingOption, b: ShippingOption) => a.price - b.price || a.days - b.days;
const bySpeed = (a: ShippingOption, b: ShippingOption) => a.days - b.days || a.price - b.price;

export interface ShippingRules {
  /** The amazon family: day-delivery selections exist. */
  marketplace: boolean;
  /** The name `marketplace_day` stands for when the order names none. */
  defaultDayName: string;
}

/**
 * Step 3 of placement: a product's shipping option by the order's `shipping_method` or
 * `shipping` object. Day-delivery selections ("Marketplace Day") are chosen only by
 * `shipping_method: marketplace_day`; every other way chooses among the regular methods.
 */
export function selectShipping(
  product: CatalogProduct,
  order: Pick<OrderRequest, 'shipping' | 'shipping_method' | 'marketplace_day'>,
  rules: ShippingRules,
): ShippingChoice {
  const regular = product.shipping.filter((option) => option.day_delivery !== true);
  const money = (cents: number) => formatCents(cents, product.currency);
  const unavailable = (what: string, fix: string): ShippingChoice => ({
    code: 'shipping_method_unavailable',
    message: `“${product.title}” has no shipping method ${what}. ${fix}`,
  });

  const first = (sorted: ShippingOption[]): ShippingChoice =>
    sorted[0]
      ? { option: sorted[0] }
      : unavailable('other than day delivery', 'Choose shipping_method marketplace_day.');

  if (order.shipping) {
    const { max_days, max_price, order_by } = order.shipping;
    // max_days keeps arrivals in FEWER days than it says (spec: of a 3-day and a 7-day
    // method with max_days 5, the 3-day one).
    const fitting = regular.filter(
      (option) =>
        (max_days === undefined || option.days < max_days) &&
        (max_price === undefined || option.price <= max_price),
    );
    const chosen = [...fitting].sort(order_by === 'speed' ? bySpeed : byPrice)[0];
    if (chosen) return { option: chosen };
    const limits = [
      max_days === undefined ? '' : `arriving in fewer than ${max_days} days`,
      max_price === undefined ? '' : `costing at most ${money(max_price)}`,
    ]
      .filter(Boolean)
      .join(' and ');
    return unavailable(limits, 'Allow more days or a higher shipping price.');
  }

  switch (order.shipping_method) {
    case 'fastest':
      return first([...regular].sort(bySpeed));
    case 'free': {
      const free = regular.filter((option) => option.free).sort(bySpeed)[0];
      return free
        ? { option: free }
        : {
            code: 'no_free_shipping',
            message: `“${product.title}” has no free shipping. Choose another shipping method, such as cheapest.`,
          };
    }
    case 'marketplace_day': {
      if (!rules.marketplace) {
        return unavailable(
          'for day delivery: day delivery exists on the amazon storefronts only',
          'Choose another shipping method.',
        );
      }
      const days = product.shipping.filter((option) => option.day_delivery === true);
      const name = order.marketplace_day ?? rules.defaultDayName;
      const named = days.find((option) => option.name === name);
      if (named) return { option: named };
      const offered = days.map((option) => `“${option.name}”`).join(', ');
      return unavailable(
        `called “${name}”`,
        offered
          ? `Its day-delivery choices are ${offered}: name one in marketplace_day.`
          : 'It has no day delivery: choose another shipping method.',
      );
    }
    default:
      return first([...regular].sort(byPrice));
  }
}
