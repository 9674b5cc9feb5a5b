import { IDBFactory } from 'fake-indexeddb';
import type { IDBPDatabase } from 'idb';
import { describe, expect, it } from 'vitest';
import {
  type HistorySchema,
  openHistoryDb,
  WORDS_BELOW,
} from '../../../../src/background/history/db.ts';
import { backfillWords } from '../../../../src/background/history/words-backfill.ts';
import { orderRecord } from '../fixtures.ts';

/** A history an older version (8) kept: orders of the given times, and no words yet. */
async function keptBefore(name: string, times: number[]) {
  const factory = new IDBFactory();
  const v8 = await openHistoryDb(name, factory, 8);
  const tx = v8.transaction('orders', 'readwrite');
  for (const [i, createdAt] of times.entries())
    void tx.store.put(orderRecord({ localId: `o${i}`, createdAt, productIds: [`P${i}`] }));
  await tx.done;
  v8.close();
  return openHistoryDb(name, factory);
}

/** The database, but a worker that stops after `batches` transactions of the backfill. */
function stoppingAfter(db: IDBPDatabase<HistorySchema>, batches: number) {
  let begun = 0;
  return new Proxy(db, {
    get(target, key) {
      if (key !== 'transaction') return Reflect.get(target, key);
      return (...args: Parameters<typeof target.transaction>) => {
        begun += 1;
        if (begun > batches) throw new Error('the worker stopped');
        return target.transaction(...args);
      };
    },
  });
}

describe('the words of orders kept before they were indexed', () => {
  it('are written newest first, a batch at a time, and go on from where a stopped worker left', async () => {
    const db = await keptBefore(
      'resumed',
      Array.from({ length: 1_100 }, (_, i) => 10_000 + i),
    );
    await expect(backfillWords(stoppingAfter(db, 1))).rejects.toThrow('the worker stopped');
    // The 500 newest have their words, and the time kept says where the rest start.
    expect(await db.count('words')).toBe(500);
    expect((await db.get('meta', WORDS_BELOW))?.value).toBe(10_600);
    expect(Math.min(...(await db.getAllKeys('words')).map(([createdAt]) => createdAt))).toBe(
      10_600,
    );

    await backfillWords(db);
    expect(await db.count('words')).toBe(1_100);
    expect(await db.get('meta', WORDS_BELOW)).toBeUndefined();
    db.close();
  });

  it('never splits the orders of one time between two batches', async () => {
    // 700 orders of the same time, then 10 older: the first batch takes all 700.
    const times = [
      ...Array.from({ length: 700 }, () => 5_000),
      ...Array.from({ length: 10 }, (_, i) => i),
    ];
    const db = await keptBefore('ties', times);
    await expect(backfillWords(stoppingAfter(db, 1))).rejects.toThrow('the worker stopped');
    expect(await db.count('words')).toBe(700);
    expect((await db.get('meta', WORDS_BELOW))?.value).toBe(5_000);
    await backfillWords(db);
    expect(await db.count('words')).toBe(710);
    db.close();
  });
});
