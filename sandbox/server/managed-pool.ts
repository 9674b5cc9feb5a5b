import type { OrderJob } from './order-job.ts';

/** Higher bid first, then lower discount, then arrival. */
export function managedPriority(a: OrderJob, b: OrderJob): number {
  const bid = (job: OrderJob) => job.parsed.managed_priority_bid ?? 0;
  const discount = (job: OrderJob) => job.parsed.managed_discount ?? 0;
  return bid(b) - bid(a) || discount(a) - discount(b) || a.createdAt - b.createdAt || a.seq - b.seq;
}

/**
 * The managed accounts: a few slots, each placing one order at a time for the
 * processing time. Time is simulated from timestamps, so reading late (or moving the
 * clock) gives the same result as watching every moment: an order is only served
 * among those that had arrived when a slot became free.
 */
export class ManagedPool {
  private readonly freeAt: number[];
  private waiting: OrderJob[] = [];
  /** Whether the pool can serve a job never changes, so it is decided once, on arrival. */
  private readonly servableJobs = new WeakSet<OrderJob>();

  constructor(
    slots: number,
    private readonly processingMs: number,
    private readonly servable: (job: OrderJob) => boolean,
  ) {
    this.freeAt = Array.from({ length: slots }, () => 0);
  }

  enqueue(job: OrderJob): void {
    if (this.servable(job)) this.servableJobs.add(job);
    this.waiting.push(job);
  }

  /** Starts every order a slot could have taken by `now`; returns those that timed out or were aborted while waiting. */
  settle(now: number): { timedOut: OrderJob[]; abortedWaiting: OrderJob[] } {
    const timedOut: OrderJob[] = [];
    const abortedWaiting: OrderJob[] = [];
    for (let guard = 0; guard < 100_000; guard++) {
      const slot = this.freeAt.indexOf(Math.min(...this.freeAt));
      const freeAt = this.freeAt[slot] as number;
      if (freeAt > now) break;
      const eligible = this.waiting.filter((job) => this.servableJobs.has(job));
      if (eligible.length === 0) break;
      const at = Math.max(freeAt, Math.min(...eligible.map((job) => job.createdAt)));
      if (at > now) break;
      const gone = eligible.filter(
        (job) => job.deadline <= at || (job.abortAt !== undefined && job.abortAt <= at),
      );
      if (gone.length > 0) {
        // Timed out or aborted before a slot could take them: they leave the queue.
        for (const job of gone)
          (job.abortAt !== undefined && job.abortAt <= job.deadline
            ? abortedWaiting
            : timedOut
          ).push(job);
        this.waiting = this.waiting.filter((job) => !gone.includes(job));
        continue;
      }
      const best = eligible.filter((job) => job.createdAt <= at).sort(managedPriority)[0];
      if (!best) break;
      best.startedAt = at;
      best.finishAt = at + this.processingMs;
      this.freeAt[slot] = best.finishAt;
      this.waiting = this.waiting.filter((job) => job !== best);
    }
    for (const job of [...this.waiting]) {
      const abortAt = job.abortAt ?? Number.POSITIVE_INFINITY;
      if (abortAt <= now && abortAt < job.deadline) abortedWaiting.push(job);
      else if (job.deadline <= now) timedOut.push(job);
      else continue;
      this.waiting = this.waiting.filter((waiting) => waiting !== job);
    }
    return { timedOut, abortedWaiting };
  }
}
