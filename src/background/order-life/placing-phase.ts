/**
 * Whether an order is being placed right now, and since when, for the background to
 * tell pages how long placing usually takes (`orders.usualPlacingTime`). Pure.
 */
import type { OrderRecord, OrderState } from '../../shared/order-record.ts';

/**
 * The states in which the service is placing the order, or Buyline is making sure it
 * has it: a held order, or one awaiting a token, is not "taking long".
 */
const BEING_PLACED: readonly OrderState[] = ['sending', 'unconfirmed', 'processing'];

export function isBeingPlaced(state: OrderState): boolean {
  return BEING_PLACED.includes(state);
}

/** When placing began: when the order last went out, after its hold or a token wait. */
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
