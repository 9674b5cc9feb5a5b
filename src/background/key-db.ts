import { type IDBPDatabase, openDB } from 'idb';

let opening: Promise<IDBPDatabase> | undefined;

/**
 * The database of the key that seals the service token (token-store.ts), kept apart from
 * the settings so that a copy of those alone gives nothing away; opened once per worker.
 */
export function keyDatabase(): Promise<IDBPDatabase> {
  if (opening) return opening;
  const attempt = openDB('buyline-keys', 1, { upgrade: (db) => void db.createObjectStore('keys') });
  // A failed open is not kept: the next call tries again.
  attempt.catch(() => {
    if (opening === attempt) opening = undefined;
  });
  opening = attempt;
  return attempt;
}

/** For tests: close the connection so the next call opens a fresh one. */
export function forgetKeyDatabase(): void {
  void opening?.then((db) => db.close()).catch(() => undefined);
  opening = undefined;
}
