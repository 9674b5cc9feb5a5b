import type { IDBPDatabase } from 'idb';
import { type HistorySchema, WORDS_BELOW } from './db.ts';
import { wordsRow } from './search-words.ts';

const BATCH = 500;

/**
 * Writes the words of the orders an older version kept (history migration 9) after the
 * upgrade, not in it: in it, a history of 100,000 orders kept the worker waiting some
 * 25 s. Newest first, a batch per transaction, each moving the time in `meta` down to
 * its oldest order's, so a worker stopped midway goes on from there. Until it is done a
 * search walks the history (query-orders.ts).
 */
export async function backfillWords(db: IDBPDatabase<HistorySchema>): Promise<void> {
  for (;;) {
    const tx = db.transaction(['orders', 'words', 'meta'], 'readwrite');
    const meta = tx.objectStore('meta');
    const below = (await meta.get(WORDS_BELOW))?.value;
    if (below === undefined) return tx.done;
    const writes: Promise<unknown>[] = [];
    const older = IDBKeyRange.upperBound(below, true);
    let cursor = await tx.objectStore('orders').index('createdAt').openCursor(older, 'prev');
    let last: number | undefined;
    // A batch takes in every order of its oldest time, so the next starts below that.
    while (cursor && (writes.length < BATCH || cursor.value.createdAt === last)) {
      writes.push(tx.objectStore('words').put(wordsRow(cursor.value)));
      last = cursor.value.createdAt;
      cursor = await cursor.continue();
    }
    writes.push(
      cursor && last !== undefined
        ? meta.put({ name: WORDS_BELOW, value: last })
        : meta.delete(WORDS_BELOW),
    );
    await Promise.all([...writes, tx.done]);
  }
}
