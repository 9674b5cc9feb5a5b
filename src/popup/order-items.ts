/**
 * What an order holds, in the words a confirmation and a list line use: "1 × Lamp",
 * each shipment (merchant order) with its own products, read from the request kept on
 * the order and the service's answer. Names only: no decision about the order is made here.
 */
import { t } from '../shared/i18n.ts';
import { readOrderResponse } from '../shared/order-response-reader.ts';
import type { OrderView } from '../shared/protocol.ts';
import { retailerName } from '../shared/retailer-names.ts';

export interface Item {
  productId: string;
  /** How many, when the request or the answer says. */
  quantity?: number;
  /** The product's title when the order names it (an order of one product), else its id. */
  name: string;
}

type SentProduct = { product_id?: unknown; quantity?: unknown };

/** The products the order asked for, with their quantities, as the request kept them. */
export function itemsOf(order: OrderView): Item[] {
  const sent = (order.request as { products?: unknown }).products;
  const products = Array.isArray(sent) ? (sent as SentProduct[]) : [];
  const listed: SentProduct[] =
    products.length > 0 ? products : order.productIds.map((id) => ({ product_id: id }));
  const one = listed.length === 1;
  return listed.map((product) => {
    const productId = String(product.product_id ?? '');
    const quantity = Number(product.quantity);
    return {
      productId,
      ...(Number.isInteger(quantity) && quantity > 0 ? { quantity } : {}),
      name: one ? order.life.title : productId,
    };
  });
}

/** The items of one merchant order (a shipment), when the answer or the order tells. */
export function shipmentItems(order: OrderView, merchantOrderId: string): Item[] | undefined {
  const all = itemsOf(order);
  const shipped = readOrderResponse(order.response).shipments.filter(
    (entry) => entry.merchantOrderId === merchantOrderId,
  );
  if (shipped.length > 0)
    return shipped.map((entry) => {
      const known = all.find((item) => item.productId === entry.productId);
      const quantity = entry.quantity ?? known?.quantity;
      return {
        productId: entry.productId,
        ...(quantity !== undefined ? { quantity } : {}),
        name: known?.name ?? entry.productId,
      };
    });
  // One merchant order holds everything the order asked for.
  return order.merchantOrderIds.length === 1 ? all : undefined;
}

/** "1 × Lamp, 2 × B0OTHER002": each item with its quantity when known. */
export function itemsText(items: readonly Item[]): string {
  return items
    .map((item) =>
      item.quantity === undefined ? item.name : t('popup_itemCount', item.quantity, item.name),
    )
    .join(', ');
}

/** The retailer's own number of a merchant order, as the buyer finds it there. */
export const retailerOrder = (order: OrderView, merchantOrderId: string) =>
  t('popup_merchantOrder', retailerName(order.retailer), merchantOrderId);

/** How many products the order asked for, in all. */
export function quantityOf(order: OrderView): number | undefined {
  const items = itemsOf(order);
  if (items.some((item) => item.quantity === undefined)) return undefined;
  return items.reduce((sum, item) => sum + (item.quantity ?? 0), 0);
}
