import { MinHeap } from './min-heap.ts';
import type { OrderJob } from './order-job.ts';
import type { SandboxTime } from './sandbox-time.ts';

const bid = (job: OrderJob) => job.parsed.managed_priority_bid ?? 0;
const discount = (job: OrderJob) => job.parsed.managed_discount ?? 0;

/** Higher bid first, then lower discount, then arrival. */
function managedPriority(a: OrderJob, b: OrderJob): number {
  return bid(b) - bid(a) || discount(a) - discount(b) || a.createdAt - b.createdAt || a.seq - b.seq;
}

export interface PoolEvents {
  /** A slot took the order: it is decided at `job.finishAt`. */
  started(job: OrderJob): void;
  /** The order waited until its deadline (or its abort) without a slot taking it. */
  left(job: OrderJob, why: 'timed_out' | 'aborted'): void;
}

/** Whether an order is still in the queue: neither decided nor taken by a slot. */
const waiting = (job: OrderJob) => job.outcome === undefined && job.startedAt === undefined;

/**
 * The managed accounts: a few slots, each placing one order at a time for the
 * processing time. It moves by events in sandbox time (an order arrives, a slot
 * frees, a wait reaches its deadline), each carried out at its own time, so reading
 * late (or moving the clock) gives the same result as watching every moment: a slot
 * serves, by priority, only the orders that had arrived when it became free.
 */
export class ManagedPool {
  private readonly freeAt: number[];
  /** Orders the pool can serve, best first; orders that left are skipped when met. */
  private readonly queue = new MinHeap<OrderJob>((a, b) => managedPriority(a, b) < 0);
  /** The time of the event set to serve the queue when a slot frees, until it has run. */
  private serveFreeAt: number | undefined;

  constructor(
    slots: number,
    private readonly processingMs: number,
    private readonly servable: (job: OrderJob) => boolean,
    private readonly time: SandboxTime,
    private readonly events: PoolEvents,
  ) {
    this.freeAt = Array.from({ length: slots }, () => Number.NEGATIVE_INFINITY);
  }

  /** An order arrives now (its creation time). */
  enqueue(job: OrderJob): void {
    const at = job.createdAt;
    if (job.deadline <= at) {
      this.events.left(job, 'timed_out');
      return;
    }
    this.time.at(job.deadline, () => {
      if (waiting(job)) this.events.left(job, 'timed_out');
    });
    // Whether the pool can serve an order never changes: it is decided once, on arrival.
    if (!this.servable(job)) return;
    this.queue.push(job);
    const slot = this.freeSlot(at);
    if (slot !== undefined) this.serve(slot, at);
    // Every slot busy: the first to free serves the queue. Its own event does that too,
    // unless it already came and went (a clock set back, as a test's fake Date can be).
    // One such event serves everything waiting, so orders that arrive while it is set
    // share it rather than each adding one (memory and work stay one per slot freeing).
    else {
      const free = Math.min(...this.freeAt);
      if (free === this.serveFreeAt) return;
      this.serveFreeAt = free;
      this.time.at(free, (at) => {
        if (this.serveFreeAt === at) this.serveFreeAt = undefined;
        this.serveFree(at);
      });
    }
  }

  /** Called when an abort of `job` takes effect: an order still waiting leaves. */
  abortWaiting(job: OrderJob): boolean {
    if (!waiting(job)) return false;
    this.events.left(job, 'aborted');
    return true;
  }

  private freeSlot(at: number): number | undefined {
    let best: number | undefined;
    for (let slot = 0; slot < this.freeAt.length; slot++) {
      const free = this.freeAt[slot] as number;
      if (free <= at && (best === undefined || free < (this.freeAt[best] as number))) best = slot;
    }
    return best;
  }

  /** Every slot free at `at` takes the best order waiting, while any waits. */
  private serveFree(at: number): void {
    for (let slot = this.freeSlot(at); slot !== undefined; slot = this.freeSlot(at))
      if (!this.serve(slot, at)) return;
  }

  /** Slot `slot` is free at `at`: it takes the best order waiting, if any (and says so). */
  private serve(slot: number, at: number): boolean {
    // A stale event: the slot was taken again since (only with a clock set back).
    if ((this.freeAt[slot] as number) > at) return false;
    for (let job = this.queue.pop(); job; job = this.queue.pop()) {
      if (!waiting(job)) continue;
      const abortAt = job.abortAt ?? Number.POSITIVE_INFINITY;
      if (job.deadline <= at || abortAt <= at) {
        this.events.left(job, abortAt <= job.deadline ? 'aborted' : 'timed_out');
        continue;
      }
      job.startedAt = at;
      job.finishAt = at + this.processingMs;
      this.freeAt[slot] = job.finishAt;
      this.time.at(job.finishAt, (free) => this.serve(slot, free));
      this.events.started(job);
      return true;
    }
    return false;
  }
}
