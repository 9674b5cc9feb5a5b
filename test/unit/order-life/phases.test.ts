import { describe, expect, it } from 'vitest';
import { ORDER_TABLE } from '../../../src/background/order-life/order-life.ts';
import {
  ACTIVE_STATES,
  FAILED_STATES,
  IN_FLIGHT_STATES,
  isPlaced,
  needsAttention,
  STEPPED_STATES,
  stepOf,
  WATCHED_STATES,
} from '../../../src/background/order-life/phases.ts';
import { ORDER_STATES } from '../../../src/shared/order-record.ts';

// The step a round gives each state agrees with what the state table lets happen in it.
describe('the step of each state', () => {
  it.each(ORDER_STATES)(
    '%s: a step exactly where the table takes what the step brings',
    (state) => {
      const row = ORDER_TABLE[state];
      const step = stepOf(state);
      if (step === 'end_hold') expect(row.hold_ended).toBe('sending');
      if (step === 'send' || step === 'find') expect(row.accepted).toBeDefined();
      if (step === 'find') expect(row.not_listed).toBe(state);
      if (step === 'read') expect(row.read_placed).toBe('placed');
      if (step === 'watch') expect(isPlaced(state) && row.cancel !== undefined).toBe(true);
      // Nothing due: over, or waiting for a token that a saved one ends.
      if (step === 'none')
        expect(row.waited === undefined || row.token_ready === 'sending').toBe(true);
    },
  );

  it('rounds step every order in flight but one waiting for a token, and watch placed ones', () => {
    expect([...STEPPED_STATES].sort()).toEqual(['held', 'processing', 'sending', 'unconfirmed']);
    expect(STEPPED_STATES.every((state) => IN_FLIGHT_STATES.includes(state))).toBe(true);
    expect([...WATCHED_STATES].sort()).toEqual(['partly_cancelled', 'placed']);
    expect([...ACTIVE_STATES].sort()).toEqual([...STEPPED_STATES, ...WATCHED_STATES].sort());
  });

  it('asks for attention only for a failure not yet seen', () => {
    expect(FAILED_STATES).toEqual(['failed']);
    expect(needsAttention({ state: 'failed', seenAt: 0 })).toBe(true);
    expect(needsAttention({ state: 'failed', seenAt: 5 })).toBe(false);
    expect(needsAttention({ state: 'failed' })).toBe(false);
    expect(needsAttention({ state: 'processing', seenAt: 0 })).toBe(false);
  });
});
