/**
 * A poll round's status reads, written together. Each read's event is queued here as
 * it arrives and the queue goes to the one write path (`applyOrderChanges` in
 * changes.ts) a chunk at a time: one transaction per chunk instead of one per order,
 * and one telling of pages and the badge per chunk. Reads go on while a chunk is
 * written; chunks are written one after the other, in the order they filled.
 *
 * A worker stopped mid-round loses only reads not yet written: their records are still
 * due as they were, so the next round reads them again. A chunk is written whole or not
 * at all.
 */
import {
  applyOrderChanges,
  changeOrder,
  type QueuedOrderChange,
  type WriteContext,
} from './changes.ts';
import type { OrderEvent } from './order-life/order-changes.ts';

/** Reads written per transaction: large enough that a round of 1,000 costs five. */
export const ROUND_CHUNK = 200;

export class RoundWrites {
  private pending: QueuedOrderChange[] = [];
  private written: Promise<void> = Promise.resolve();

  constructor(
    private readonly ctx: WriteContext,
    private readonly chunk = ROUND_CHUNK,
  ) {}

  /**
   * Queues one order's event; a full chunk starts being written at once. Resolves once
   * no chunk is being written: reads never outrun the writes (unwritten reads cannot
   * pile up behind a slow disk), and a write does not compete with them.
   */
  async add(change: QueuedOrderChange): Promise<void> {
    this.pending.push(change);
    if (this.pending.length >= this.chunk) void this.flush();
    await this.written;
  }

  /** Writes what is queued; resolves when every chunk queued so far is written. */
  flush(): Promise<void> {
    const taken = this.pending.splice(0);
    if (taken.length > 0) this.written = this.written.then(() => this.write(taken));
    return this.written;
  }

  private async write(taken: QueuedOrderChange[]): Promise<void> {
    try {
      await applyOrderChanges(taken, this.ctx);
    } catch (error) {
      // Nothing of the chunk was written: its orders are still due, and read again.
      console.error('Buyline: a round’s reads were not written; they are read again', error);
    }
  }
}

/**
 * Writes what a read found out about an order: queued with the round's other reads in
 * a poll round (`ctx.writes`), at once otherwise (a refresh the user asked for).
 */
export async function writeRead(
  localId: string,
  event: OrderEvent,
  ctx: WriteContext,
  note?: string,
): Promise<void> {
  if (ctx.writes) await ctx.writes.add({ localId, event, now: ctx.now, ...(note ? { note } : {}) });
  else await changeOrder(localId, event, ctx, note);
}
