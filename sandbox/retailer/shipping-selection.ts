import type { OrderRequest } from '../../src/api/schemas/order-request.ts';
import type { CatalogProduct, ShippingOption } from './catalog.ts';

export type ShippingChoice = { option: ShippingOption } | { code: string; message: string };

const byPrice = (a: ShippingOption, b: ShippingOption) => a.price - b.price || a.days - b.days;
const bySpeed = (a: ShippingOption, b: ShippingOption) => a.days - b.days || a.price - b.price;

/** Picks a product's shipping option by the order's `shipping_method` or `shipping` object. */
export function selectShipping(
  product: CatalogProduct,
  order: OrderRequest,
  marketplace: boolean,
): ShippingChoice {
  const options = product.shipping;
  const unavailable = (what: string): ShippingChoice => ({
    code: 'shipping_method_unavailable',
    message: `No shipping option of “${product.title}” matches ${what}. Choose another shipping method or loosen its limits.`,
  });
  if (order.shipping) {
    const { max_days, max_price, order_by } = order.shipping;
    // Arrival in FEWER than max_days (spec: of 3 and 7 days with max_days 5, the 3-day one).
    const fitting = options.filter(
      (option) =>
        (max_days === undefined || option.days < max_days) &&
        (max_price === undefined || option.price <= max_price),
    );
    const chosen = [...fitting].sort(order_by === 'speed' ? bySpeed : byPrice)[0];
    return chosen ? { option: chosen } : unavailable('the shipping limits');
  }
  switch (order.shipping_method) {
    case 'fastest':
      return { option: [...options].sort(bySpeed)[0] as ShippingOption };
    case 'free': {
      const free = options.filter((option) => option.free).sort(bySpeed)[0];
      return free
        ? { option: free }
        : {
            code: 'no_free_shipping',
            message: `“${product.title}” has no free shipping. Choose another shipping method.`,
          };
    }
    case 'marketplace_day': {
      if (!marketplace) return { option: options[0] as ShippingOption };
      const days = options.filter((option) => option.day_delivery);
      const named = order.marketplace_day
        ? days.find((option) => option.name === order.marketplace_day)
        : days[0];
      return named
        ? { option: named }
        : unavailable(`the day delivery “${order.marketplace_day ?? 'default'}”`);
    }
    default:
      return { option: [...options].sort(byPrice)[0] as ShippingOption };
  }
}
