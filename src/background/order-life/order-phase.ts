/**
 * Where an order is in its life, in the few phases a bulk batch asks about: derived
 * from the phase table (phases.ts) and the state table, never a second list.
 */
import type { OrderState } from '../../shared/order-record.ts';
import { ORDER_TABLE } from './order-life.ts';
import { isInFlight, phaseOf } from './phases.ts';

/** `sent`: being sent, or with the service and not yet final; `placed`: cancelled since or not. */
export type BulkPhase = 'held' | 'sent' | 'placed' | 'failed';

export function orderPhase(state: OrderState): BulkPhase {
  const phase = phaseOf(state);
  return phase === 'in_flight' ? 'sent' : phase;
}

/**
 * Not yet accepted by the service: held, being sent, its answer lost, or awaiting a
 * token. A failure that a late acceptance would undo (a withdrawal) is over, not awaiting.
 */
export const AWAITING_ACCEPTANCE: readonly OrderState[] = (
  Object.keys(ORDER_TABLE) as OrderState[]
).filter((state) => {
  const row = ORDER_TABLE[state];
  const awaits =
    row.hold_ended !== undefined || row.accepted !== undefined || row.token_ready === 'sending';
  return awaits && isInFlight(state);
});

export function awaitsAcceptance(state: OrderState): boolean {
  return AWAITING_ACCEPTANCE.includes(state);
}
