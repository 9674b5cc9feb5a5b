import { describe, expect, it } from 'vitest';
import {
  CANCELLATION_EVENTS,
  cancellationTransition,
} from '../../../src/background/order-life/cancellation-life.ts';
import { ORDER_EVENTS, orderTransition } from '../../../src/background/order-life/order-life.ts';
import { isPlaced } from '../../../src/background/order-life/phases.ts';
import {
  CANCELLATION_STATES,
  type CancellationState,
  ORDER_STATES,
  type OrderState,
} from '../../../src/shared/order-record.ts';

// The tables are checked by what must hold of them, not against a copy of themselves:
// every state can be reached from where a record starts, every (state, event) pair is
// answered (a next state or a sentence), decided states have no way out, and a placed
// order never goes back.

/** Every state reachable from `start` through the table's transitions. */
function reachable<S extends string>(start: S, next: (state: S) => S[]): Set<S> {
  const seen = new Set<S>([start]);
  const queue = [start];
  for (let state = queue.shift(); state !== undefined; state = queue.shift())
    for (const to of next(state))
      if (!seen.has(to)) {
        seen.add(to);
        queue.push(to);
      }
  return seen;
}

const orderNext = (state: OrderState): OrderState[] =>
  ORDER_EVENTS.flatMap((event) => {
    const got = orderTransition(state, event);
    return 'to' in got && got.to !== 'removed' ? [got.to] : [];
  });
const cancellationNext = (state: CancellationState): CancellationState[] =>
  CANCELLATION_EVENTS.flatMap((event) => {
    const got = cancellationTransition(state, event);
    return 'to' in got ? [got.to] : [];
  });

describe('the order table', () => {
  const pairs = ORDER_STATES.flatMap((state) =>
    ORDER_EVENTS.map((event) => [state, event] as const),
  );

  it('reaches every state from a new, held order', () => {
    expect([...reachable<OrderState>('held', orderNext)].sort()).toEqual([...ORDER_STATES].sort());
  });

  it('answers every (state, event) pair: a state of the table, or a sentence', () => {
    expect(pairs.length).toBe(ORDER_STATES.length * ORDER_EVENTS.length);
    for (const [state, event] of pairs) {
      const got = orderTransition(state, event);
      if ('to' in got)
        expect([...ORDER_STATES, 'removed'], `${state} + ${event}`).toContain(got.to);
      else expect(got.refused, `${state} + ${event}`).toMatch(/^[A-Z].{10,}\.$/);
    }
  });

  it('leaves a fully cancelled order only as itself, and removes only a held one', () => {
    expect(new Set(orderNext('cancelled'))).toEqual(new Set(['cancelled']));
    for (const [state, event] of pairs) {
      const got = orderTransition(state, event);
      if ('to' in got && got.to === 'removed') expect([state, event]).toEqual(['held', 'undo']);
    }
  });

  it('lets a local failure give way only to the service saying it has the order', () => {
    const exits = ORDER_EVENTS.filter((event) => {
      const got = orderTransition('failed', event);
      return 'to' in got && got.to !== 'failed';
    });
    expect(exits.sort()).toEqual(['accepted', 'read_placed']);
  });

  it('never takes a placed order back, whatever the event', () => {
    const placed = ORDER_STATES.filter(isPlaced);
    expect(placed.length).toBeGreaterThan(0);
    for (const state of placed) {
      for (const event of ORDER_EVENTS) {
        const got = orderTransition(state, event);
        if ('to' in got) expect(placed, `${state} + ${event}`).toContain(got.to);
      }
    }
    expect(orderTransition('placed', 'read_processing')).toEqual({
      refused: 'A placed order never goes back.',
    });
    expect(orderTransition('cancelled', 'read_failed')).toEqual({
      refused: 'A placed order never goes back.',
    });
  });

  it('tells the user in a sentence why an action does not apply', () => {
    expect(orderTransition('processing', 'undo')).toEqual({
      refused: 'It was already sent: cancel it while the service is still placing it.',
    });
    expect(orderTransition('held', 'abort')).toEqual({
      refused: 'It has not been sent yet: cancel it, and nothing is sent.',
    });
    expect(orderTransition('placed', 'abort')).toEqual({
      refused: 'This order is already placed: cancel it instead.',
    });
    expect(orderTransition('processing', 'cancel')).toEqual({
      refused:
        'The retailer can cancel only a placed order; while the service still places it, Cancel order asks the service to stop.',
    });
    expect(orderTransition('cancelled', 'cancel')).toEqual({
      refused: 'Every shipment of this order is already cancelled.',
    });
    expect(orderTransition('failed', 'cancel')).toEqual({
      refused: 'This order failed: there is nothing to cancel.',
    });
    const waiting =
      'It has not been placed: it waits for a working token, and goes out as soon as one is saved in Options.';
    for (const action of ['undo', 'abort', 'cancel'] as const)
      expect(orderTransition('awaiting_token', action)).toEqual({ refused: waiting });
    expect(orderTransition('held', 'withdraw')).toEqual({
      refused: 'It has not been sent yet: cancel it, and nothing is sent.',
    });
    expect(orderTransition('processing', 'withdraw')).toEqual({
      refused: 'The service is already placing it: ask it to stop instead.',
    });
  });

  it('never fails an order for an already_exists answer, in any state', () => {
    for (const state of ORDER_STATES) {
      const got = orderTransition(state, 'post_already_exists');
      if ('to' in got) expect(got.to, state).not.toBe('failed');
    }
  });
});

describe('the cancellation table', () => {
  it('reaches every state from a new cancellation, being sent', () => {
    expect([...reachable<CancellationState>('sending', cancellationNext)].sort()).toEqual(
      [...CANCELLATION_STATES].sort(),
    );
  });

  it('answers every (state, event) pair: a state of the table, or a sentence', () => {
    for (const state of CANCELLATION_STATES)
      for (const event of CANCELLATION_EVENTS) {
        const got = cancellationTransition(state, event);
        if ('to' in got) expect(CANCELLATION_STATES, `${state} + ${event}`).toContain(got.to);
        else expect(got.refused, `${state} + ${event}`).toMatch(/^[A-Z].{10,}\.$/);
      }
  });

  it('never changes a decided cancellation, nor takes an attempt back to processing', () => {
    for (const state of ['cancelled', 'failed'] as const)
      for (const event of CANCELLATION_EVENTS)
        expect(cancellationTransition(state, event)).toEqual({
          refused: 'A decided cancellation never changes.',
        });
    expect(cancellationTransition('attempting_to_cancel', 'read_processing')).toHaveProperty(
      'refused',
    );
  });
});
