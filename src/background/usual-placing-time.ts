/**
 * The answer to `orders.usualPlacingTime`: whether one order is being placed, since
 * when, and how long placing usually takes at its storefront (history/placing-times.ts).
 * The storefront's figure is read only while the order is being placed: that is the
 * only time a page shows it.
 */
import type { UsualPlacingTime } from '../shared/protocol.ts';
import { history } from './history.ts';
import { isBeingPlaced, placingSince } from './order-life/placing-phase.ts';

export async function usualPlacingTime(localId: string): Promise<UsualPlacingTime> {
  const store = await history();
  const order = await store.getOrder(localId);
  if (!order || !isBeingPlaced(order.state)) return { beingPlaced: false };
  const times = await store.usualPlacingTimes(order.retailer);
  return { beingPlaced: true, retailer: order.retailer, since: placingSince(order), ...times };
}
