import { type IDBPDatabase, openDB } from 'idb';
import { open, type Sealed, seal } from './vault/vault-crypto.ts';

/**
 * The key the service token is sealed with at rest: AES-GCM-256, made by WebCrypto as
 * non-extractable, so no script (not even Buyline's own) can read its bytes out; it can
 * only be asked to encrypt and decrypt. It is kept in a small IndexedDB database of its
 * own, apart from the sealed token in storage.local, so that a copy of the settings store
 * alone gives nothing away. The browser still keeps the key's bytes in the profile's
 * IndexedDB files: someone holding the whole profile holds both halves.
 */
const DB_NAME = 'buyline-keys';
const STORE = 'keys';
const TOKEN_KEY_ID = 'serviceToken';

let database: Promise<IDBPDatabase> | undefined;
// The key stays in memory for the worker's life; a restarted worker reads it again.
let cached: CryptoKey | undefined;
// Key creation runs one at a time, so two first writes never make two keys.
let creating: Promise<CryptoKey> | undefined;

function keysDatabase(): Promise<IDBPDatabase> {
  if (database) return database;
  const attempt = openDB(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore(STORE);
    },
  });
  // A failed open is not kept: the next call tries again.
  attempt.catch(() => {
    if (database === attempt) database = undefined;
  });
  database = attempt;
  return attempt;
}

async function storedKey(): Promise<CryptoKey | undefined> {
  if (cached) return cached;
  const key = (await (await keysDatabase()).get(STORE, TOKEN_KEY_ID)) as CryptoKey | undefined;
  if (key) cached = key;
  return key;
}

async function createKey(): Promise<CryptoKey> {
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ]);
  const db = await keysDatabase();
  const tx = db.transaction(STORE, 'readwrite');
  // Another context may have made one meanwhile: the first one stored is the key.
  const existing = (await tx.store.get(TOKEN_KEY_ID)) as CryptoKey | undefined;
  if (!existing) await tx.store.put(key, TOKEN_KEY_ID);
  await tx.done;
  cached = existing ?? key;
  return cached;
}

/** The key to seal with, made on the first write. */
async function keyForWriting(): Promise<CryptoKey> {
  const key = await storedKey();
  if (key) return key;
  creating ??= createKey().finally(() => {
    creating = undefined;
  });
  return creating;
}

/** Seals a token under the device's key, with a fresh random IV each time. */
export async function sealToken(token: string): Promise<Sealed> {
  return seal(await keyForWriting(), token);
}

/**
 * Opens a sealed token. `lost` when it can never be opened: the key is gone (the
 * browser's site data was cleared) or is not the one it was sealed with. Never makes a
 * new key; a database that cannot be opened throws, since the key may still be there.
 */
export async function openToken(sealed: Sealed): Promise<{ token: string } | { lost: true }> {
  const key = await storedKey();
  if (!key) return { lost: true };
  try {
    const token = await open<unknown>(key, sealed);
    return typeof token === 'string' ? { token } : { lost: true };
  } catch {
    // AES-GCM refuses a wrong key and changed data alike.
    return { lost: true };
  }
}

/** For tests: forget what a worker keeps in memory, as a worker restart does. */
export function forgetTokenKey(): void {
  void database?.then((db) => db.close()).catch(() => undefined);
  database = undefined;
  cached = undefined;
  creating = undefined;
}
