/**
 * What each state of an order and of a cancellation means to the rest of the
 * background (a cancellation's are in cancellation-phases.ts, from its table), answered here
 * once from exhaustive tables: how far the order got, which
 * step a round gives it, and the sets of states the history is asked for (what is in
 * flight, what is watched, what the badge counts). No other module names a state to
 * decide something: a state added to `ORDER_STATES` does not compile until it says
 * where it stands in each table below.
 */
import { ORDER_STATES, type OrderRecord, type OrderState } from '../../shared/order-record.ts';
import type { OrderPhase } from '../../shared/protocol.ts';

/** How far each state got. */
const PHASES: Record<OrderState, OrderPhase> = {
  held: 'held',
  sending: 'in_flight',
  // Nothing was placed yet and it goes out once a working token is saved: still in flight.
  awaiting_token: 'in_flight',
  unconfirmed: 'in_flight',
  processing: 'in_flight',
  placed: 'placed',
  partly_cancelled: 'placed',
  cancelled: 'placed',
  failed: 'failed',
};

/**
 * The step a round gives an order in each state (order-steps.ts carries it out):
 * - `end_hold`: its hold is over, it is sent;
 * - `send`: its POST goes out (again, under the same key);
 * - `find`: its POST's answer was lost, it is resent or looked for in the list;
 * - `read`: read by its request id (looked for in the list while it has none);
 * - `watch`: placed, its tracking and cancellations are followed through the list;
 * - `none`: nothing is due (it waits for a token, or it is over).
 */
export type OrderStep = 'end_hold' | 'send' | 'find' | 'read' | 'watch' | 'none';
const STEPS: Record<OrderState, OrderStep> = {
  held: 'end_hold',
  sending: 'send',
  awaiting_token: 'none',
  unconfirmed: 'find',
  processing: 'read',
  placed: 'watch',
  partly_cancelled: 'watch',
  cancelled: 'none',
  failed: 'none',
};

/**
 * What the buyer is told when an order enters each state: nothing on the way (held,
 * sent, being placed: its notices are the hold's and, for a long managed wait, the
 * wait's), its outcome once there is one.
 */
export type OrderNews = 'none' | 'placed' | 'failed' | 'partly_cancelled' | 'cancelled';
const NEWS: Record<OrderState, OrderNews> = {
  held: 'none',
  sending: 'none',
  awaiting_token: 'none',
  unconfirmed: 'none',
  processing: 'none',
  placed: 'placed',
  partly_cancelled: 'partly_cancelled',
  cancelled: 'cancelled',
  failed: 'failed',
};

const statesWhere = (holds: (state: OrderState) => boolean): readonly OrderState[] =>
  ORDER_STATES.filter(holds);

export const phaseOf = (state: OrderState): OrderPhase => PHASES[state];
export const stepOf = (state: OrderState): OrderStep => STEPS[state];

/** The news of an order's change: what it entered, or nothing when its state stayed. */
export const newsOf = (before: Pick<OrderRecord, 'state'>, after: Pick<OrderRecord, 'state'>) =>
  before.state === after.state ? 'none' : NEWS[after.state];

/** Not yet placed or failed: held, being sent, or being placed. */
export const isInFlight = (state: OrderState): boolean =>
  phaseOf(state) === 'held' || phaseOf(state) === 'in_flight';

export const isPlaced = (state: OrderState): boolean => phaseOf(state) === 'placed';

/** The order states an in-flight query covers, and the badge counts. */
export const IN_FLIGHT_STATES = statesWhere(isInFlight);

/** The states a round gives a step of their own, one order at a time. */
export const STEPPED_STATES = statesWhere((state) => {
  const step = stepOf(state);
  return step !== 'watch' && step !== 'none';
});

/** Placed orders a round still follows, together, through the service's list. */
export const WATCHED_STATES = statesWhere((state) => stepOf(state) === 'watch');

/** Every state with a step still due: the next wake is set for the soonest of them. */
export const ACTIVE_STATES = statesWhere((state) => stepOf(state) !== 'none');

/** Failed states: a failure there waits to be seen by the buyer until it is. */
export const FAILED_STATES = statesWhere((state) => phaseOf(state) === 'failed');

/** A failed order whose failure the buyer has not seen yet (`orders.seen` marks it seen). */
export const needsAttention = (order: Pick<OrderRecord, 'state' | 'seenAt'>): boolean =>
  phaseOf(order.state) === 'failed' && order.seenAt === 0;
