/**
 * Whether an order is being placed right now, and since when: what a page needs to say
 * how long placing usually takes beside it. Pure. Pages are told these facts in the
 * background's reply (`orders.usualPlacingTime`) and never decide them.
 */
import type { OrderRecord, OrderState } from '../../shared/order-record.ts';

/**
 * The states in which the service is placing the order, or Buyline is making sure it
 * has it. A held order has not gone out yet, and one awaiting a token waits for the
 * buyer, not the service: neither is "taking long", so neither is compared.
 */
const BEING_PLACED: readonly OrderState[] = ['sending', 'unconfirmed', 'processing'];

export function isBeingPlaced(state: OrderState): boolean {
  return BEING_PLACED.includes(state);
}

/**
 * When placing began: when the order last went out (after its hold or a token wait),
 * else when it was created, which for an order never held is when it went out.
 */
export function placingSince(record: Pick<OrderRecord, 'sentAt' | 'createdAt'>): number {
  return record.sentAt ?? record.createdAt;
}

/** How long placing took, for an order this browser saw placed; undefined otherwise. */
export function placingTook(
  record: Pick<OrderRecord, 'sentAt' | 'createdAt' | 'placedAt'>,
): number | undefined {
  if (record.placedAt === undefined) return undefined;
  const took = record.placedAt - placingSince(record);
  // A clock set back between the two readings gives no honest duration.
  return took >= 0 ? took : undefined;
}
