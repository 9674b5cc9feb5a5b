import { RETAILERS } from '../api/retailers.ts';
import type { DraftItem } from '../shared/order-form-model.ts';
import type { TabProduct } from './tab-product.ts';

/** The page's price to pay: minor units and currency, or nothing when the page shows none. */
export function pagePrice(details: unknown): { amount: number; currency: string } | undefined {
  const price = (details as { price?: unknown } | undefined)?.price;
  if (typeof price !== 'object' || price === null) return undefined;
  const { amount, currency } = price as { amount?: unknown; currency?: unknown };
  return typeof amount === 'number' &&
    Number.isInteger(amount) &&
    amount >= 0 &&
    typeof currency === 'string' &&
    currency !== ''
    ? { amount, currency }
    : undefined;
}

/** Whether the page says the item cannot be bought now. */
export function saysUnavailable(details: unknown): boolean {
  return (details as { availability?: unknown } | undefined)?.availability === 'out_of_stock';
}

/** The product in view as an item of the order form, with the page's title and price. */
export function itemOf(tab: TabProduct): DraftItem | undefined {
  if (!tab.product) return undefined;
  const price = pagePrice(tab.details);
  const title = (tab.details as { title?: unknown }).title;
  return {
    productId: tab.product.productId,
    quantity: 1,
    ...(typeof title === 'string' && title !== '' ? { title } : {}),
    ...(price ? { priceCents: price.amount } : {}),
    currency: price?.currency ?? RETAILERS[tab.product.retailer].currency,
  };
}
