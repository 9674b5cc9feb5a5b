/**
 * The background's one clock: every schedule, deadline and timer of the worker reads the
 * time and sets its timers here. Each call reads `Date.now()` and the global timers when
 * made (never a copy taken at import), so a test that fakes them moves this clock too.
 */

/** A timer set through the clock, to hand back to `clock.clearTimeout`. */
export type ClockTimer = ReturnType<typeof globalThis.setTimeout>;

export const clock = {
  now: (): number => Date.now(),
  setTimeout: (run: () => void, ms: number): ClockTimer => globalThis.setTimeout(run, ms),
  clearTimeout: (timer: ClockTimer | undefined): void => globalThis.clearTimeout(timer),
};
