import { openDB } from 'idb';
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { fakeBrowser, resetExtension } from '../background/extension-env.ts';

/** A fresh worker's bulk records, as at an update. */
async function freshWorker() {
  await resetExtension();
  vi.resetModules();
  return import('../../../src/background/bulk/batch-records.ts');
}

// Batches used to live in a database of their own ('buyline-bulk', woken by an alarm of
// the same name). A worker of this version moves what it held into the history, once,
// deletes it and clears the alarm nothing answers any more (at an update: index.ts).

const AT = Date.UTC(2026, 0, 5, 9);

describe('batches of an older version', () => {
  it('are moved into the history database, and the old database and alarm go', async () => {
    const { historyDb, moveOldBatches, readBatch } = await freshWorker();
    const old = await openDB('buyline-bulk', 1, {
      upgrade(db) {
        db.createObjectStore('batches', { keyPath: 'id' }).createIndex('createdAt', 'createdAt');
        db.createObjectStore('orders', { keyPath: ['batchId', 'index'] }).createIndex(
          'localId',
          'localId',
          { unique: true },
        );
      },
    });
    await old.put('batches', { id: 'b-1', name: 'old.csv', createdAt: AT, state: 'running' });
    for (const index of [0, 1])
      await old.put('orders', { batchId: 'b-1', index, localId: `l-${index}`, status: 'waiting' });
    old.close();
    await fakeBrowser.alarms.create('buyline-bulk', { periodInMinutes: 0.5 });

    await moveOldBatches();
    const db = await historyDb();
    expect((await db.get('batches', 'b-1'))?.name).toBe('old.csv');
    const moved = await readBatch('b-1');
    expect(moved?.orders.map((row) => row.localId)).toEqual(['l-0', 'l-1']);
    expect((await indexedDB.databases()).map((entry) => entry.name)).not.toContain('buyline-bulk');
    expect(await fakeBrowser.alarms.get('buyline-bulk')).toBeUndefined();
  });

  it('makes no old database where there was none', async () => {
    const { moveOldBatches } = await freshWorker();
    await moveOldBatches();
    expect((await indexedDB.databases()).map((entry) => entry.name)).toEqual(['buyline-history']);
  });
});
