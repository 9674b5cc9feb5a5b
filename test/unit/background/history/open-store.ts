import { IDBCursor, IDBFactory, IDBIndex, IDBObjectStore } from 'fake-indexeddb';
import { vi } from 'vitest';
import { openHistoryDb } from '../../../../src/background/history/db.ts';
import { HistoryStore } from '../../../../src/background/history/history-store.ts';

let opened = 0;

/** A history store on a database no other test has used, in its own in-memory IndexedDB. */
export async function freshStore(): Promise<{
  store: HistoryStore;
  factory: IDBFactory;
  name: string;
}> {
  opened += 1;
  const factory = new IDBFactory();
  const name = `history-test-${opened}`;
  return { store: await HistoryStore.open(name, factory), factory, name };
}

/** Everything in the database as one JSON text, read past the store, as it is on disk. */
export async function rawContents(name: string, factory: IDBFactory): Promise<string> {
  const db = await openHistoryDb(name, factory);
  try {
    const [orders, cancellations, events, schedules] = await Promise.all([
      db.getAll('orders'),
      db.getAll('cancellations'),
      db.getAll('events'),
      db.getAll('schedules'),
    ]);
    return JSON.stringify({ orders, cancellations, events, schedules });
  } finally {
    db.close();
  }
}

/**
 * How many entries are read during `run`: those a cursor steps over, those a getAll or
 * getAllKeys (of an index or a whole store) returns, and one per get. A scan of a store
 * of n records reads n. idb
 * recognises a cursor's `continue` and `advance` by identity, so the cursor count sits
 * on fake-indexeddb's own step function, which every open, continue and advance goes
 * through.
 */
export async function entriesRead<T>(run: () => Promise<T>): Promise<{ result: T; read: number }> {
  const cursor = IDBCursor.prototype as unknown as { _iterate: (...args: unknown[]) => unknown };
  const steps = vi.spyOn(cursor, '_iterate');
  const getAlls = [
    vi.spyOn(IDBIndex.prototype, 'getAll'),
    vi.spyOn(IDBObjectStore.prototype, 'getAll'),
    vi.spyOn(IDBIndex.prototype, 'getAllKeys'),
    vi.spyOn(IDBObjectStore.prototype, 'getAllKeys'),
  ];
  const gets = [vi.spyOn(IDBIndex.prototype, 'get'), vi.spyOn(IDBObjectStore.prototype, 'get')];
  try {
    const result = await run();
    const fetched = getAlls
      .flatMap((getAll) => getAll.mock.results)
      .reduce((sum, call) => sum + ((call.value as IDBRequest<unknown[]>).result?.length ?? 0), 0);
    const got = gets.reduce((sum, get) => sum + get.mock.calls.length, 0);
    return { result, read: steps.mock.calls.length + fetched + got };
  } finally {
    steps.mockRestore();
    for (const spy of [...getAlls, ...gets]) spy.mockRestore();
  }
}
