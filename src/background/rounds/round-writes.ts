/**
 * A poll round's status reads, queued and written through `applyOrderChanges` a chunk at
 * a time, in order: one transaction and one telling of pages per chunk, not per order. A
 * worker stopped mid-round loses only reads not yet written, and reads them again.
 */
import {
  applyOrderChanges,
  changeOrder,
  type QueuedOrderChange,
  type WriteContext,
} from '../history/changes.ts';
import type { OrderEvent } from '../order-life/order-changes.ts';

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
   * no chunk is being written, so unwritten reads cannot pile up behind a slow disk.
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

/** Writes what a read found: queued in a poll round (`ctx.writes`), else at once. */
export async function writeRead(
  localId: string,
  event: OrderEvent,
  ctx: WriteContext,
  note?: string,
): Promise<void> {
  if (ctx.writes) await ctx.writes.add({ localId, event, now: ctx.now, ...(note ? { note } : {}) });
  else await changeOrder(localId, event, ctx, note);
}
