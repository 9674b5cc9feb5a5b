/**
 * The first-run guide's steps (connection, then an address, then the ordering mode) and
 * how far the user is. The first two are read from what Buyline holds; the ordering mode
 * always has a value, so choosing it is remembered by this page once the user has made
 * the choice (or changed it from the default), in the page's own storage: nothing
 * secret, and only this page reads it.
 */
import type { TokenStatus } from '../shared/protocol.ts';
import type { Settings } from '../shared/settings.ts';

export type GuideStep = 'connection' | 'address' | 'mode';
export const GUIDE_STEPS: readonly GuideStep[] = ['connection', 'address', 'mode'];

export type StepState = 'done' | 'next' | 'later';

const MODE_CHOSEN = 'buyline.options.modeChosen';

export function modeWasChosen(): boolean {
  try {
    return localStorage.getItem(MODE_CHOSEN) === '1';
  } catch {
    // Storage refused (a private window's policy): the guide asks again, nothing breaks.
    return false;
  }
}

export function rememberModeChosen(): void {
  try {
    localStorage.setItem(MODE_CHOSEN, '1');
  } catch {
    // As above: only the guide's memory is lost.
  }
}

export interface GuideFacts {
  settings: Pick<Settings, 'addresses' | 'mode'>;
  token: TokenStatus | undefined;
  modeChosen: boolean;
}

/** Whether each step is done. */
export function stepsDone(facts: GuideFacts): Record<GuideStep, boolean> {
  return {
    connection: facts.token?.set === true && facts.token.check?.result === 'connected',
    address: facts.settings.addresses.length > 0,
    // Another mode than the default was chosen by someone, whatever this page remembers.
    mode: facts.modeChosen || facts.settings.mode !== 'managed',
  };
}

/** Each step as done, the next one to do, or one for later, in the guide's order. */
export function stepStates(done: Record<GuideStep, boolean>): Record<GuideStep, StepState> {
  const next = GUIDE_STEPS.find((step) => !done[step]);
  return Object.fromEntries(
    GUIDE_STEPS.map((step) => [step, done[step] ? 'done' : step === next ? 'next' : 'later']),
  ) as Record<GuideStep, StepState>;
}
