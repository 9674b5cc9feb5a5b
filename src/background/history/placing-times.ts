/**
 * How long placing usually takes at one storefront: the median over the last `sample`
 * orders this browser saw placed there (by index), whatever the history's length.
 */
import type { IDBPDatabase } from 'idb';
import { placingTook } from '../order-life/placing-phase.ts';
import type { HistorySchema } from './db.ts';

/** How many of the last placed orders the median is taken over. */
export const PLACING_SAMPLE = 20;
/** Fewer timed orders than this give no figure: a median of two says little. */
const PLACING_MINIMUM = 5;

export interface PlacingTimes {
  /** Timed orders read. */
  count: number;
  /** Only once `count` reaches PLACING_MINIMUM. */
  medianMs?: number;
}

export function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export async function usualPlacingTimes(
  db: IDBPDatabase<HistorySchema>,
  retailer: string,
  sample = PLACING_SAMPLE,
): Promise<PlacingTimes> {
  const tx = db.transaction('orders');
  const index = tx.store.index('retailer_placedAt');
  const range = IDBKeyRange.bound([retailer, -Infinity], [retailer, Infinity]);
  const took: number[] = [];
  let cursor = await index.openCursor(range, 'prev');
  for (let read = 1; cursor; read++) {
    const duration = placingTook(cursor.value);
    if (duration !== undefined) took.push(duration);
    if (read >= sample) break;
    cursor = await cursor.continue();
  }
  await tx.done;
  const count = took.length;
  const middle = median(took);
  return count >= PLACING_MINIMUM && middle !== undefined
    ? { count, medianMs: Math.round(middle) }
    : { count };
}
