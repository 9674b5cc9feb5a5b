import { openDB } from 'idb';
import { keptOpen } from '../kept-open.ts';

const connection = keptOpen(() =>
  openDB('buyline-keys', 1, { upgrade: (db) => void db.createObjectStore('keys') }),
);

/**
 * The database of the key that seals the service token (token-store.ts), kept apart from
 * the settings so that a copy of those alone gives nothing away; opened once per worker.
 */
export const keyDatabase = () => connection.get();

/** For tests: close the connection so the next call opens a fresh one. */
export const forgetKeyDatabase = (): void => connection.forget();
