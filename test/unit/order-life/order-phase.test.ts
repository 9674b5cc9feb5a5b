import { describe, expect, it } from 'vitest';
import { isInFlight, isPlaced } from '../../../src/background/order-life/order-actions.ts';
import { ORDER_TABLE } from '../../../src/background/order-life/order-life.ts';
import { awaitsAcceptance, orderPhase } from '../../../src/background/order-life/order-phase.ts';
import {
  IN_FLIGHT_ORDER_STATES,
  ORDER_STATES,
  PLACED_ORDER_STATES,
} from '../../../src/shared/order-record.ts';

// The phases features ask about agree with the order's life, state by state.
describe('the phase of an order', () => {
  it.each(ORDER_STATES)('%s: placed and in flight as the state lists say', (state) => {
    expect(isPlaced(state)).toBe(PLACED_ORDER_STATES.includes(state));
    expect(isInFlight(state)).toBe(IN_FLIGHT_ORDER_STATES.includes(state));
  });

  it.each(ORDER_STATES)('%s: held exactly when Undo can take it back', (state) => {
    expect(orderPhase(state) === 'held').toBe(ORDER_TABLE[state].undo !== undefined);
  });

  it('awaits acceptance while held, being sent, unconfirmed or waiting for a token', () => {
    expect(ORDER_STATES.filter(awaitsAcceptance).sort()).toEqual([
      'awaiting_token',
      'held',
      'sending',
      'unconfirmed',
    ]);
  });

  it('fails only as a failure', () => {
    expect(ORDER_STATES.filter((state) => orderPhase(state) === 'failed')).toEqual(['failed']);
  });
});
