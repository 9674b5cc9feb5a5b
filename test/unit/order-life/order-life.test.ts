import { describe, expect, it } from 'vitest';
import {
  CANCELLATION_EVENTS,
  type CancellationEventName,
  cancellationTransition,
  ORDER_EVENTS,
  type OrderEventName,
  orderTransition,
} from '../../../src/background/order-life/order-life.ts';
import {
  CANCELLATION_STATES,
  type CancellationState,
  ORDER_STATES,
  type OrderState,
  PLACED_ORDER_STATES,
} from '../../../src/shared/order-record.ts';

// The whole table, written out again by hand: every (state, event) pair either leads
// to the state named here or is refused. A pair missing here must be refused.
const ORDERS: Record<OrderState, Partial<Record<OrderEventName, string>>> = {
  held: { hold_ended: 'sending', undo: 'removed' },
  sending: {
    accepted: 'processing',
    post_unknown: 'sending',
    post_gave_up: 'unconfirmed',
    post_refused: 'failed',
    // 409 already_exists without a request id: accepted, answer lost, looked for.
    post_already_exists: 'unconfirmed',
    // 401 on the POST: nothing placed, it waits for a working token.
    token_refused: 'awaiting_token',
    token_ready: 'sending',
    read_processing: 'processing',
    read_placed: 'placed',
    read_failed: 'failed',
    waited: 'sending',
  },
  awaiting_token: {
    token_ready: 'sending',
    read_processing: 'processing',
    read_placed: 'placed',
    read_failed: 'failed',
  },
  unconfirmed: {
    accepted: 'processing',
    post_unknown: 'unconfirmed',
    post_refused: 'failed',
    post_already_exists: 'unconfirmed',
    token_refused: 'unconfirmed',
    token_ready: 'unconfirmed',
    read_processing: 'processing',
    read_placed: 'placed',
    read_failed: 'failed',
    not_listed: 'unconfirmed',
    reconcile_gave_up: 'failed',
    waited: 'unconfirmed',
  },
  processing: {
    read_processing: 'processing',
    read_placed: 'placed',
    read_failed: 'failed',
    unknown_id: 'failed',
    abort: 'processing',
    token_ready: 'processing',
    waited: 'processing',
  },
  placed: {
    read_placed: 'placed',
    unknown_id: 'placed',
    cancel: 'placed',
    some_cancelled: 'partly_cancelled',
    all_cancelled: 'cancelled',
    waited: 'placed',
  },
  partly_cancelled: {
    read_placed: 'partly_cancelled',
    unknown_id: 'partly_cancelled',
    cancel: 'partly_cancelled',
    some_cancelled: 'partly_cancelled',
    all_cancelled: 'cancelled',
    waited: 'partly_cancelled',
  },
  cancelled: { read_placed: 'cancelled', unknown_id: 'cancelled', all_cancelled: 'cancelled' },
  failed: { read_placed: 'placed', read_failed: 'failed', unknown_id: 'failed' },
};

const CANCELLATIONS: Record<CancellationState, Partial<Record<CancellationEventName, string>>> = {
  sending: {
    accepted: 'processing',
    post_unknown: 'sending',
    post_gave_up: 'unconfirmed',
    post_refused: 'failed',
    // Sent, its answer lost: as post_gave_up.
    post_already_exists: 'unconfirmed',
    token_ready: 'sending',
    waited: 'sending',
  },
  unconfirmed: {
    accepted: 'processing',
    post_unknown: 'unconfirmed',
    post_refused: 'failed',
    post_already_exists: 'unconfirmed',
    token_ready: 'unconfirmed',
    waited: 'unconfirmed',
  },
  processing: {
    read_processing: 'processing',
    read_attempting: 'attempting_to_cancel',
    read_cancelled: 'cancelled',
    read_failed: 'failed',
    token_ready: 'processing',
    waited: 'processing',
  },
  attempting_to_cancel: {
    read_attempting: 'attempting_to_cancel',
    read_cancelled: 'cancelled',
    read_failed: 'failed',
    token_ready: 'attempting_to_cancel',
    waited: 'attempting_to_cancel',
  },
  cancelled: {},
  failed: {},
};

describe('the order table', () => {
  const pairs = ORDER_STATES.flatMap((state) =>
    ORDER_EVENTS.map((event) => [state, event] as const),
  );

  it(`decides all ${ORDER_STATES.length * ORDER_EVENTS.length} (state, event) pairs`, () => {
    expect(pairs).toHaveLength(9 * 20);
    for (const [state, event] of pairs) {
      const expected = ORDERS[state][event];
      const got = orderTransition(state, event);
      if (expected === undefined) {
        expect(got, `${state} + ${event}`).toHaveProperty('refused');
        expect((got as { refused: string }).refused.length).toBeGreaterThan(10);
      } else expect(got, `${state} + ${event}`).toEqual({ to: expected });
    }
  });

  it('never takes a placed order back, whatever the event', () => {
    for (const state of PLACED_ORDER_STATES) {
      for (const event of ORDER_EVENTS) {
        const got = orderTransition(state, event);
        if ('to' in got) expect(PLACED_ORDER_STATES, `${state} + ${event}`).toContain(got.to);
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
      refused: 'It was already sent: abort it instead, while it is still being placed.',
    });
    expect(orderTransition('held', 'abort')).toEqual({
      refused: 'It has not been sent yet: undo it instead.',
    });
    expect(orderTransition('placed', 'abort')).toEqual({
      refused: 'This order is already placed: cancel it instead.',
    });
    expect(orderTransition('processing', 'cancel')).toEqual({
      refused: 'Only a placed order can be cancelled. Abort an order that is still being placed.',
    });
    expect(orderTransition('cancelled', 'cancel')).toEqual({
      refused: 'Every merchant order of this order is already cancelled.',
    });
    expect(orderTransition('failed', 'cancel')).toEqual({
      refused: 'This order failed: there is nothing to cancel.',
    });
    const waiting =
      'It has not been placed: it waits for a working token, and goes out as soon as one is saved in Options.';
    for (const action of ['undo', 'abort', 'cancel'] as const)
      expect(orderTransition('awaiting_token', action)).toEqual({ refused: waiting });
  });

  it('never fails an order for an already_exists answer, in any state', () => {
    for (const state of ORDER_STATES) {
      const got = orderTransition(state, 'post_already_exists');
      if ('to' in got) expect(got.to, state).not.toBe('failed');
    }
  });
});

describe('the cancellation table', () => {
  it(`decides all ${CANCELLATION_STATES.length * CANCELLATION_EVENTS.length} (state, event) pairs`, () => {
    expect(CANCELLATION_STATES.length * CANCELLATION_EVENTS.length).toBe(6 * 11);
    for (const state of CANCELLATION_STATES) {
      for (const event of CANCELLATION_EVENTS) {
        const expected = CANCELLATIONS[state][event];
        const got = cancellationTransition(state, event);
        if (expected === undefined) expect(got, `${state} + ${event}`).toHaveProperty('refused');
        else expect(got, `${state} + ${event}`).toEqual({ to: expected });
      }
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
