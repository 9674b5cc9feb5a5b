import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import {
  forgetTokenMemory,
  readToken,
  sealPlainToken,
  tokenStatus,
  writeToken,
} from '../../../src/background/keys/token-store.ts';
import { route } from '../../../src/background/pages/router.ts';
import { SANDBOX_TOKEN } from '../../../src/shared/settings.ts';
import { STORED_KEYS } from '../../../src/shared/stored-keys.ts';
import { fakeBrowser, OWN_PAGE, resetExtension } from './extension-env.ts';

const TOKEN = 'tok_live_9c2e5d8b31a7';
const PLAIN = STORED_KEYS.serviceToken.key;
const SEALED = STORED_KEYS.sealedServiceToken.key;

/** What a worker restart does to memory: the key and the opened token are gone. */
function restartWorker(): void {
  forgetTokenMemory();
}

async function ask(type: string, payload: unknown = {}): Promise<any> {
  const reply = await route({ buyline: 1, type, payload }, OWN_PAGE);
  if (!reply?.ok) throw new Error(reply?.error.message ?? 'no reply');
  return reply.data;
}

type Sealed = { iv: string; data: string };
const sealedRecord = async () =>
  (await fakeBrowser.storage.local.get(SEALED))[SEALED] as Sealed | undefined;

const everythingLocal = async () => JSON.stringify(await fakeBrowser.storage.local.get(null));

beforeEach(async () => {
  await resetExtension();
  restartWorker();
});

describe('the service token at rest', () => {
  it('seals a token stored in clear by an earlier version, and removes the clear copy', async () => {
    await fakeBrowser.storage.local.set({ [PLAIN]: TOKEN });
    await sealPlainToken();

    const local = await fakeBrowser.storage.local.get(null);
    expect(local[PLAIN]).toBeUndefined();
    expect(local[SEALED]).toEqual({ iv: expect.any(String), data: expect.any(String) });
    expect(await everythingLocal()).not.toContain(TOKEN);
    expect(await readToken()).toBe(TOKEN);

    // A fresh worker opens it again with the key kept in IndexedDB.
    restartWorker();
    expect(await readToken()).toBe(TOKEN);
    expect((await tokenStatus()).set).toBe(true);
  });

  it('keeps the key non-extractable, in a database of its own', async () => {
    await writeToken(TOKEN);
    const db = await openDB('buyline-keys');
    const key = (await db.get('keys', 'serviceToken')) as CryptoKey;
    db.close();
    expect(key.extractable).toBe(false);
    expect(key.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
  });

  it('seals each write with a fresh IV', async () => {
    await writeToken(TOKEN);
    const first = await sealedRecord();
    await writeToken(TOKEN);
    const second = await sealedRecord();
    expect(second?.iv).toEqual(expect.any(String));
    expect(second?.iv).not.toBe(first?.iv);
    expect(second?.data).not.toBe(first?.data);
    restartWorker();
    expect(await readToken()).toBe(TOKEN);
  });

  it('seals a token that arrives in clear while the worker runs, at its first read', async () => {
    await writeToken('tok_old');
    await fakeBrowser.storage.local.set({ [PLAIN]: TOKEN });
    expect(await readToken()).toBe(TOKEN);
    expect(await everythingLocal()).not.toContain(TOKEN);
  });

  it('reads as not set, and says to enter it again, when its key is gone', async () => {
    await writeToken(TOKEN);
    // The browser's site data was cleared: IndexedDB is empty, storage.local is not.
    globalThis.indexedDB = new IDBFactory();
    restartWorker();
    expect(await readToken(5_000)).toBeUndefined();
    const status = await ask('token.status');
    expect(status).toEqual({
      set: false,
      check: {
        result: 'no_token',
        message: expect.stringMatching(/enter your token again\.$/),
        at: 5_000,
      },
    });
    expect(await sealedRecord()).toBeUndefined();

    // A new token is sealed under a new key and works.
    await ask('token.set', { token: TOKEN });
    restartWorker();
    expect(await readToken()).toBe(TOKEN);
    expect((await ask('token.status')).check).toBeUndefined();
  });

  it('reads a sealed token that was tampered with as not set', async () => {
    await writeToken(TOKEN);
    const sealed = (await sealedRecord()) as Sealed;
    const bytes = Uint8Array.from(atob(sealed.data), (char) => char.charCodeAt(0));
    bytes[0] = (bytes[0] as number) ^ 1;
    await fakeBrowser.storage.local.set({
      [SEALED]: { ...sealed, data: btoa(String.fromCharCode(...bytes)) },
    });
    restartWorker();
    expect(await readToken()).toBeUndefined();
  });
});

describe('the sandbox’s demo token', () => {
  it('is the token out of the box at the sandbox’s address', async () => {
    await writeToken(SANDBOX_TOKEN);
    expect(await ask('token.status')).toEqual({ set: true, demo: true });
    expect(await readToken()).toBe(SANDBOX_TOKEN);
  });

  it('is not sent to a new service address, which asks for its own token', async () => {
    await writeToken(SANDBOX_TOKEN);
    await ask('settings.update', { patch: { serviceUrl: 'https://orders.example.com/api' } });
    expect(await ask('token.status')).toEqual({ set: false });
    expect(await readToken()).toBeUndefined();

    await ask('token.set', { token: TOKEN });
    expect(await ask('token.status')).toEqual({ set: true });
    expect(await readToken()).toBe(TOKEN);
  });

  it('still goes to a sandbox on this machine at another port', async () => {
    await writeToken(SANDBOX_TOKEN);
    await ask('settings.update', { patch: { serviceUrl: 'http://127.0.0.1:9911' } });
    expect(await ask('token.status')).toEqual({ set: true });
    expect(await readToken()).toBe(SANDBOX_TOKEN);
  });
});
