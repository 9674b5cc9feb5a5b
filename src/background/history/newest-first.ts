/** The little of an idb index that a batched walk needs: a key cursor and getAll. */
export interface KeyCursor {
  readonly key: IDBValidKey;
  advance(count: number): Promise<KeyCursor | null>;
}
export interface BatchSource<T> {
  openKeyCursor(range: IDBKeyRange, direction: IDBCursorDirection): Promise<KeyCursor | null>;
  getAll(range: IDBKeyRange): Promise<T[]>;
}

/**
 * Walks an index range, `lower` inclusive to `upper` exclusive, from the highest key
 * down, in batches of about `size`: a key cursor jumps to where a batch ends, and one
 * getAll reads it. A filtered query over a long history then costs a few requests per
 * batch instead of one per record. Records sharing the key at a batch's end all go in
 * that batch, so none is skipped or repeated.
 */
export async function* newestFirst<T>(
  source: BatchSource<T>,
  lower: IDBValidKey,
  upper: IDBValidKey,
  size: number,
): AsyncGenerator<T[]> {
  let top = upper;
  for (;;) {
    const first = await source.openKeyCursor(IDBKeyRange.bound(lower, top, false, true), 'prev');
    if (!first) return;
    const last = size > 1 ? await first.advance(size - 1) : first;
    const bottom = last ? last.key : lower;
    const batch = await source.getAll(IDBKeyRange.bound(bottom, top, false, true));
    yield batch.reverse();
    // Past the lower bound nothing is left, and an empty range cannot even be made.
    if (!last || !IDBKeyRange.lowerBound(lower, true).includes(bottom)) return;
    top = bottom;
  }
}
