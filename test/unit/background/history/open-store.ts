import { IDBFactory } from 'fake-indexeddb';
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
    const [orders, cancellations, events] = await Promise.all([
      db.getAll('orders'),
      db.getAll('cancellations'),
      db.getAll('events'),
    ]);
    return JSON.stringify({ orders, cancellations, events });
  } finally {
    db.close();
  }
}
