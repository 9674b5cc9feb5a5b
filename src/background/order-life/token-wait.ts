/**
 * What waits for a working token, and what a saved token releases. A POST refused for
 * its token placed nothing: the order waits in `awaiting_token` with nothing due, and
 * a step refused for its token elsewhere waits under the `unauthorized` rule (five
 * minutes). A saved token, or the buyer's Refresh, is the `token_ready` event for each
 * of them: the order goes out again at once, under its same idempotency key. Pure.
 */
import {
  CANCELLATION_STATES,
  type CancellationRecord,
  type CancellationState,
  ORDER_STATES,
  type OrderRecord,
  type OrderState,
} from '../../shared/order-record.ts';
import { cancellationTransition, orderTransition } from './order-life.ts';

/** The states a saved token can move on: the tables' `token_ready` rows. */
export const TOKEN_READY_ORDER_STATES: readonly OrderState[] = ORDER_STATES.filter(
  (state) => 'to' in orderTransition(state, 'token_ready'),
);
export const TOKEN_READY_CANCELLATION_STATES: readonly CancellationState[] =
  CANCELLATION_STATES.filter((state) => 'to' in cancellationTransition(state, 'token_ready'));

/** Whether this order waits for a working token before its next step. */
export function orderWaitsForToken(order: Pick<OrderRecord, 'state' | 'schedule'>): boolean {
  if (!TOKEN_READY_ORDER_STATES.includes(order.state)) return false;
  return order.state === 'awaiting_token' || order.schedule.rule === 'unauthorized';
}

/** Whether this cancellation's next step waits for a working token. */
export function cancellationWaitsForToken(
  cancellation: Pick<CancellationRecord, 'state' | 'schedule'>,
): boolean {
  return (
    TOKEN_READY_CANCELLATION_STATES.includes(cancellation.state) &&
    cancellation.schedule.rule === 'unauthorized'
  );
}
