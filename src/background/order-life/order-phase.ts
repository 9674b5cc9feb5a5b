/**
 * Where an order is in its life, in the few phases that features built around it (a
 * bulk batch, its progress) ask about: one table typed by the order's states, so a
 * new state cannot be added without saying which phase it belongs to. Pure.
 */
import type { OrderState } from '../../shared/order-record.ts';

/**
 * - `held`: in the hold before sending; Undo takes it back and nothing is sent.
 * - `sent`: being sent, or with the service and not yet final.
 * - `placed`: the service placed it (cancelled since or not).
 * - `failed`: final, not placed.
 */
export type OrderPhase = 'held' | 'sent' | 'placed' | 'failed';

export const ORDER_PHASE: Record<OrderState, OrderPhase> = {
  held: 'held',
  sending: 'sent',
  unconfirmed: 'sent',
  processing: 'sent',
  placed: 'placed',
  partly_cancelled: 'placed',
  cancelled: 'placed',
  failed: 'failed',
};

/** The service placed it. */
export function isPlaced(state: OrderState): boolean {
  return ORDER_PHASE[state] === 'placed';
}

/** Not placed or failed yet: something is still to happen to it. */
export function isInFlight(state: OrderState): boolean {
  const phase = ORDER_PHASE[state];
  return phase === 'held' || phase === 'sent';
}

/** Not yet accepted by the service (it has no request id to follow it by yet). */
export const AWAITING_ACCEPTANCE: readonly OrderState[] = ['held', 'sending', 'unconfirmed'];

export function awaitsAcceptance(state: OrderState): boolean {
  return AWAITING_ACCEPTANCE.includes(state);
}
