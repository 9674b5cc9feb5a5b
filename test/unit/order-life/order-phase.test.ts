import { describe, expect, it } from 'vitest';
import { ORDER_TABLE } from '../../../src/background/order-life/order-life.ts';
import { awaitsAcceptance, orderPhase } from '../../../src/background/order-life/order-phase.ts';
import { isInFlight, isPlaced } from '../../../src/background/order-life/phases.ts';
import { ORDER_STATES } from '../../../src/shared/order-record.ts';

// The phases features ask about agree with the order's life, state by state.
describe('the phase of an order', () => {
  it('counts as placed exactly what the table can reach from placed', () => {
    const reached = new Set<string>(['placed']);
    for (const from of ['placed', 'partly_cancelled', 'cancelled'] as const)
      for (const to of Object.values(ORDER_TABLE[from])) reached.add(to);
    expect(ORDER_STATES.filter(isPlaced).sort()).toEqual([...reached].sort());
  });

  it.each(ORDER_STATES)('%s: in flight exactly when neither placed nor failed', (state) => {
    expect(isInFlight(state)).toBe(!isPlaced(state) && orderPhase(state) !== 'failed');
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
