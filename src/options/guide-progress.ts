/**
 * The first-run guide's steps (connection, then an address, then the ordering mode) and
 * how far the user is, all read from what Buyline holds. The ordering mode always has a
 * value, the one Order defaults shows: the guide says which, and never asks again for a
 * choice the settings already hold.
 */
import type { TokenStatus } from '../shared/protocol.ts';
import type { Settings } from '../shared/settings.ts';

export type GuideStep = 'connection' | 'address' | 'mode';
export const GUIDE_STEPS: readonly GuideStep[] = ['connection', 'address', 'mode'];

export type StepState = 'done' | 'next' | 'later';

export interface GuideFacts {
  settings: Pick<Settings, 'addresses'>;
  token: TokenStatus | undefined;
}

/** Whether each step is done. */
export function stepsDone(facts: GuideFacts): Record<GuideStep, boolean> {
  return {
    connection: facts.token?.set === true && facts.token.check?.result === 'connected',
    address: facts.settings.addresses.length > 0,
    // The settings always hold a mode (managed accounts unless changed), which Order
    // defaults shows: nothing is left to choose, the guide only says which.
    mode: true,
  };
}

/** Each step as done, the next one to do, or one for later, in the guide's order. */
export function stepStates(done: Record<GuideStep, boolean>): Record<GuideStep, StepState> {
  const next = GUIDE_STEPS.find((step) => !done[step]);
  return Object.fromEntries(
    GUIDE_STEPS.map((step) => [step, done[step] ? 'done' : step === next ? 'next' : 'later']),
  ) as Record<GuideStep, StepState>;
}
