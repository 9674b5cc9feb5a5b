/** A timer a clock gave out; only the clock that made it can clear it. */
export type ClockTimer = unknown;

/**
 * The one source of time for everything the sandbox does on its own: order
 * processing, the managed queue, aborts, cancellations, webhook deliveries and
 * their retries. A clock with `advance` is moved by hand (tests, the control API).
 */
export interface Clock {
  now(): number;
  setTimeout(run: () => void, ms: number): ClockTimer;
  clearTimeout(timer: ClockTimer): void;
  advance?(ms: number): void;
}

interface SystemTimer {
  handle: ReturnType<typeof setTimeout>;
  clear: typeof clearTimeout;
}

/**
 * Real time. `Date.now` and the global timers are looked up at each call, not once,
 * so that fake timers installed later (Vitest's) still drive a sandbox started
 * earlier. A timer is cleared with the clearTimeout of the moment it was set, since
 * a fake clearTimeout does not know a real timer and the other way round.
 */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout(run, ms) {
    const handle = globalThis.setTimeout(run, ms);
    // Sandbox timers never keep a process alive on their own: the server does.
    (handle as { unref?: () => void }).unref?.();
    return { handle, clear: globalThis.clearTimeout } satisfies SystemTimer;
  },
  clearTimeout(timer) {
    const { handle, clear } = timer as SystemTimer;
    clear(handle);
  },
};

interface ManualTimer {
  at: number;
  seq: number;
  run: () => void;
}

/**
 * A clock that moves only when told: `advance(ms)` fires every timer that falls due
 * on the way, in the order of their times (the clock reads each timer's own time
 * while it runs), including timers those timers set.
 */
export class ManualClock implements Clock {
  private time: number;
  private seq = 0;
  private readonly timers = new Set<ManualTimer>();

  constructor(start = Date.UTC(2026, 0, 5, 9, 0, 0)) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimeout(run: () => void, ms: number): ClockTimer {
    const timer: ManualTimer = { at: this.time + Math.max(0, ms), seq: ++this.seq, run };
    this.timers.add(timer);
    return timer;
  }

  clearTimeout(timer: ClockTimer): void {
    this.timers.delete(timer as ManualTimer);
  }

  /** How many timers are set and not yet fired (for tests). */
  get pending(): number {
    return this.timers.size;
  }

  advance(ms: number): void {
    const end = this.time + Math.max(0, ms);
    for (;;) {
      let next: ManualTimer | undefined;
      for (const timer of this.timers)
        if (
          timer.at <= end &&
          (!next || timer.at < next.at || (timer.at === next.at && timer.seq < next.seq))
        )
          next = timer;
      if (!next) break;
      this.timers.delete(next);
      this.time = Math.max(this.time, next.at);
      next.run();
    }
    this.time = end;
  }
}

/** A small seeded generator (mulberry32): the same seed, the same choices. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
