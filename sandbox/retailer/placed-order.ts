import { RETAILERS } from '../../src/api/retailers.ts';
import type { OrderRequest } from '../../src/api/schemas/order-request.ts';
import { merchantOrderId, shipment } from './carriers.ts';
import type { OrderLine } from './order-line.ts';
import type {
  PlacedMerchantOrder,
  PlacedOrder,
  PlacementContext,
  PriceComponentsCents,
} from './types.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MANAGED_ACCOUNTS = 12;

/** The account that orders: the client's own login, or one of the service's managed accounts. */
function orderingAccount(order: OrderRequest, random: () => number): string {
  if (order.addax !== true) return order.retailer_credentials?.email ?? 'unknown';
  const kind = order.managed_prime_optout === true ? 'standard' : 'prime';
  const number = 1 + Math.floor(random() * MANAGED_ACCOUNTS);
  return `managed-${kind}-${String(number).padStart(2, '0')}`;
}

/**
 * Step 9 of placement: the placed order. One merchant order per seller of the chosen
 * offers; one delivery date per product; account status on the amazon family; and a
 * tracking schedule where the first product's tracking comes within one to two hours
 * and every other one a day or two later, so tracking is partial before it is whole,
 * even for one merchant order of two products.
 */
export function placedOrder(
  order: OrderRequest,
  lines: readonly OrderLine[],
  components: PriceComponentsCents,
  ctx: PlacementContext,
): PlacedOrder {
  const storefront = RETAILERS[order.retailer];
  const account = orderingAccount(order, ctx.random);
  const placedAt = new Date(ctx.now).toISOString();
  const merchantOrders = new Map<string, PlacedMerchantOrder>();
  for (const line of lines) {
    if (merchantOrders.has(line.offer.merchant_id)) continue;
    merchantOrders.set(line.offer.merchant_id, {
      merchant_order_id: merchantOrderId(order.retailer, ctx.random),
      merchant: line.offer.merchant_id,
      account,
      placed_at: placedAt,
    });
  }
  const merchantOrderOf = (line: OrderLine) =>
    (merchantOrders.get(line.offer.merchant_id) as PlacedMerchantOrder).merchant_order_id;

  const tracking_schedule = lines.map((line, position) => {
    const delay =
      position === 0
        ? HOUR + Math.floor(ctx.random() * HOUR)
        : DAY + Math.floor(ctx.random() * DAY);
    return {
      visible_at: ctx.now + delay,
      tracking: {
        product_id: line.product.product_id,
        merchant_order_id: merchantOrderOf(line),
        ...shipment(order.retailer, ctx.random),
      },
    };
  });

  const delivery_dates = lines.map((line) => ({
    product_id: line.product.product_id,
    ...(line.requested === line.product.product_id
      ? {}
      : {
          requested_product_id: line.requested,
          note: `${line.requested} is no longer sold; its replacement ${line.product.product_id} was ordered.`,
        }),
    quantity: line.quantity,
    merchant_order_id: merchantOrderOf(line),
    seller: line.offer.merchant_id,
    seller_name: line.offer.seller_name,
    condition: line.offer.condition,
    shipping_method: line.shipping.name,
    delivery_date: new Date(ctx.now + line.deliveryDays * DAY).toISOString().slice(0, 10),
  }));

  return {
    price_components: components,
    merchant_order_ids: [...merchantOrders.values()],
    delivery_dates,
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
    tracking_schedule,
  };
}
