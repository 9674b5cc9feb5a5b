/**
 * The background's one clock: every schedule, deadline and timer of the worker reads
 * the time and sets its timers here, so there is one place that says what "now" is.
 * Each call reads `Date.now()` and the global timers at the moment it is made (never
 * a copy taken at import), so a test that fakes them (vitest's fake timers) moves this
 * clock too, and the worker's rounds wake exactly when the test moves time past them.
 */

/** A timer set through the clock, to hand back to `clock.clearTimeout`. */
export type ClockTimer = ReturnType<typeof globalThis.setTimeout>;

export interface Clock {
  /** Milliseconds since the epoch, as `Date.now()`. */
  now(): number;
  /** Runs `run` once after `ms` milliseconds. */
  setTimeout(run: () => void, ms: number): ClockTimer;
  /** Stops a timer that has not fired yet (nothing happens for one that has). */
  clearTimeout(timer: ClockTimer | undefined): void;
}

export const clock: Clock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (timer) => globalThis.clearTimeout(timer),
};
