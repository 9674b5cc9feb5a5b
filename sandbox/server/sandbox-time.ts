import type { Clock, ClockTimer } from './clock.ts';
import { MinHeap } from './min-heap.ts';

interface Due {
  at: number;
  seq: number;
  run: (at: number) => void;
  cancelled?: boolean;
}

/** The longest a real timer may be set for (Node clamps longer ones to 1 ms). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Sandbox time: the injected clock, plus an offset the control API adds when that
 * clock cannot be moved by hand. Everything timed is a due entry in one queue
 * ordered by time; `run()` carries out the entries due by now, in order (each told
 * its own due time), and one clock timer is kept set for the next entry, so work is
 * done when it falls due and never by a sweep over everything held.
 */
export class SandboxTime {
  private offset = 0;
  private seq = 0;
  private readonly due = new MinHeap<Due>(
    (a, b) => a.at < b.at || (a.at === b.at && a.seq < b.seq),
  );
  private timer: { at: number; handle: ClockTimer } | undefined;
  private running = false;
  private closed = false;

  constructor(readonly clock: Clock) {}

  now(): number {
    return this.clock.now() + this.offset;
  }

  /** Moves sandbox time forward: the clock itself if it can be moved, else the offset. */
  advance(ms: number): number {
    if (this.clock.advance) this.clock.advance(ms);
    else this.offset += ms;
    this.disarm();
    this.run();
    return this.now();
  }

  /** Runs `run` once sandbox time reaches `at`; returns a way to call it off. */
  at(at: number, run: (at: number) => void): () => void {
    const entry: Due = { at, seq: ++this.seq, run };
    this.due.push(entry);
    if (!this.running) this.arm();
    return () => {
      entry.cancelled = true;
    };
  }

  after(ms: number, run: (at: number) => void): () => void {
    return this.at(this.now() + ms, run);
  }

  /** Carries out every entry due by now, in the order of their times. */
  run(): void {
    if (this.running || this.closed) return;
    this.running = true;
    try {
      const now = this.now();
      for (let next = this.due.peek(); next && next.at <= now; next = this.due.peek()) {
        this.due.pop();
        if (!next.cancelled) next.run(next.at);
      }
    } finally {
      this.running = false;
    }
    this.arm();
  }

  close(): void {
    this.closed = true;
    this.disarm();
  }

  private disarm(): void {
    if (this.timer) this.clock.clearTimeout(this.timer.handle);
    this.timer = undefined;
  }

  /** Keeps one clock timer set for the earliest entry (a stale or later one is replaced). */
  private arm(): void {
    if (this.closed) return;
    const next = this.due.peek();
    const now = this.now();
    if (this.timer && next && this.timer.at <= next.at && this.timer.at > now) return;
    this.disarm();
    if (!next) return;
    const handle = this.clock.setTimeout(
      () => {
        this.timer = undefined;
        this.run();
      },
      Math.min(MAX_TIMER_MS, Math.max(0, next.at - now)),
    );
    this.timer = { at: next.at, handle };
  }
}
