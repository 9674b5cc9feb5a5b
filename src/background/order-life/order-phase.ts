/**
 * Where an order is in its life, in the few phases that features built around it (a
 * bulk batch, its progress) ask about. Derived from the one phase table
 * (order-actions.ts) and the state table, so there is no second list to keep in step.
 * Pure.
 */
import type { OrderState } from '../../shared/order-record.ts';
import { phaseOf } from './order-actions.ts';
import { ORDER_TABLE } from './order-life.ts';

export { isInFlight, isPlaced } from './order-actions.ts';

/**
 * - `held`: in the hold before sending; Undo takes it back and nothing is sent.
 * - `sent`: being sent, or with the service and not yet final.
 * - `placed`: the service placed it (cancelled since or not).
 * - `failed`: final, not placed.
 */
export type BulkPhase = 'held' | 'sent' | 'placed' | 'failed';

export function orderPhase(state: OrderState): BulkPhase {
  const phase = phaseOf(state);
  return phase === 'in_flight' ? 'sent' : phase;
}

/**
 * Not yet accepted by the service (it has no request id to follow it by yet): held,
 * being sent, sent with its answer lost, or waiting for a working token to go out.
 */
export const AWAITING_ACCEPTANCE: readonly OrderState[] = (
  Object.keys(ORDER_TABLE) as OrderState[]
).filter((state) => {
  const row = ORDER_TABLE[state];
  return (
    row.hold_ended !== undefined || row.accepted !== undefined || row.token_ready === 'sending'
  );
});

export function awaitsAcceptance(state: OrderState): boolean {
  return AWAITING_ACCEPTANCE.includes(state);
}
