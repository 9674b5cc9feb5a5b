import { browser } from '../../shared/browser.ts';
import { t } from '../../shared/i18n.ts';
import type { ConnectionCheck, TokenStatus } from '../../shared/protocol.ts';
import { isLocalOrigin } from '../../shared/service-address.ts';
import { SANDBOX_TOKEN, SANDBOX_URL, type Settings } from '../../shared/settings.ts';
import { STORED_KEYS } from '../../shared/stored-keys.ts';
import { clock } from '../clock.ts';
import { readSettings } from '../settings-store.ts';
import { open, type Sealed, seal } from '../vault/vault-crypto.ts';
import { forgetKeyDatabase, keyDatabase } from './key-db.ts';

/**
 * The service token is sealed in local storage (never in clear, never synced), read by
 * this module alone, and sent only in a service call's Authorization header. Its key,
 * non-extractable, has an IndexedDB database of its own (key-db.ts).
 */
const SEALED = STORED_KEYS.sealedServiceToken;
const PLAIN = STORED_KEYS.serviceToken;
const CHECK = STORED_KEYS.tokenCheck;
const NOTICE = STORED_KEYS.plainTokenNotice;
const KEY_ID = 'serviceToken';

let cachedKey: CryptoKey | undefined;
// Key creation runs one at a time, so two first writes never make two keys.
let creating: Promise<CryptoKey> | undefined;
// The sealed record is read at each use (so a change made elsewhere is seen), and opened
// again only when its IV changed; reads that meet while it opens share it.
let opened: { iv: string; token: Promise<string | undefined> } | undefined;
let sealing: Promise<void> | undefined;

async function storedKey(): Promise<CryptoKey | undefined> {
  cachedKey ??= (await (await keyDatabase()).get('keys', KEY_ID)) as CryptoKey | undefined;
  return cachedKey;
}

/** The key to seal with, made on the first write. */
async function keyForWriting(): Promise<CryptoKey> {
  const stored = await storedKey();
  if (stored) return stored;
  creating ??= (async () => {
    const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
      'encrypt',
      'decrypt',
    ]);
    const tx = (await keyDatabase()).transaction('keys', 'readwrite');
    // Another context may have made one meanwhile: the first one stored is the key.
    const existing = (await tx.store.get(KEY_ID)) as CryptoKey | undefined;
    if (!existing) await tx.store.put(key, KEY_ID);
    await tx.done;
    cachedKey = existing ?? key;
    return cachedKey;
  })().finally(() => {
    creating = undefined;
  });
  return creating;
}

/** Seals a token with a fresh random IV, and forgets any copy in clear. */
async function store(token: string): Promise<void> {
  const sealed = await seal(await keyForWriting(), token);
  await browser.storage[SEALED.area].set({ [SEALED.key]: sealed });
  await browser.storage[PLAIN.area].remove(PLAIN.key);
  opened = { iv: sealed.iv, token: Promise.resolve(token) };
}

/**
 * Seals a token an earlier version stored in clear, at every start and by any read that
 * finds one. Removing the plain copy from storage does not erase it from the browser's
 * files (they keep old values until the browser rewrites them), so the buyer is told,
 * once, that replacing the token at the service is the safe course. The sandbox's demo
 * token is no secret: it needs no notice.
 */
export async function sealPlainToken(): Promise<void> {
  sealing ??= (async () => {
    const stored = await browser.storage[PLAIN.area].get(PLAIN.key);
    const plain = stored[PLAIN.key];
    if (typeof plain === 'string' && plain !== '') {
      await store(plain);
      if (plain !== SANDBOX_TOKEN)
        await browser.storage[NOTICE.area].set({ [NOTICE.key]: { sealedAt: clock.now() } });
    } else if (plain !== undefined) await browser.storage[PLAIN.area].remove(PLAIN.key);
  })().finally(() => {
    sealing = undefined;
  });
  return sealing;
}

/**
 * Opens a sealed token. One that never can (its key went with the site data) is removed,
 * and the last check says to enter it again. A key database that cannot open throws.
 */
async function openSealed(sealed: Sealed, now: number): Promise<string | undefined> {
  const key = await storedKey();
  const token = key ? await open<unknown>(key, sealed).catch(() => undefined) : undefined;
  if (typeof token === 'string') return token;
  opened = undefined;
  await browser.storage[SEALED.area].remove(SEALED.key);
  await recordCheck({ result: 'no_token', message: t('token_lostEnterAgain'), at: now });
  return undefined;
}

async function storedToken(now: number): Promise<string | undefined> {
  // The key is fetched while the sealed record is read: a wake's first read waits for
  // the slower of the two, not both in turn (its failure is met again when it is used).
  if (!cachedKey) storedKey().catch(() => undefined);
  let stored = await browser.storage[SEALED.area].get([SEALED.key, PLAIN.key]);
  if (stored[PLAIN.key] !== undefined) {
    await sealPlainToken();
    stored = await browser.storage[SEALED.area].get(SEALED.key);
  }
  const { iv, data } = (stored[SEALED.key] ?? {}) as Partial<Sealed>;
  if (typeof iv !== 'string' || typeof data !== 'string') return undefined;
  if (opened?.iv !== iv) {
    const token = openSealed({ iv, data }, now);
    const opening = { iv, token };
    opened = opening;
    // A key database that could not be opened is tried again by the next read.
    token.catch(() => {
      if (opened === opening) opened = undefined;
    });
  }
  return opened.token;
}

/**
 * The token to send, if any. The sandbox's demo token goes only to a service on this
 * machine: with another service's address it reads as not set, and is never sent there.
 */
export async function readToken(
  now = clock.now(),
  settings: Promise<Settings> = readSettings(),
): Promise<string | undefined> {
  // The settings are read alongside, not after: they only say where the demo token may go.
  const [token, { serviceUrl }] = await Promise.all([storedToken(now), settings]);
  if (token === undefined || token === '') return undefined;
  if (token !== SANDBOX_TOKEN) return token;
  return isLocalOrigin(new URL(serviceUrl).origin) ? token : undefined;
}

export async function writeToken(token: string): Promise<void> {
  // Another token saved is the old one replaced: the notice about its copies goes.
  const before = await storedToken(clock.now()).catch(() => undefined);
  await store(token);
  await browser.storage[CHECK.area].remove(before === token ? CHECK.key : [CHECK.key, NOTICE.key]);
}

export async function removeToken(): Promise<TokenStatus> {
  opened = undefined;
  await browser.storage[SEALED.area].remove([SEALED.key, PLAIN.key, CHECK.key]);
  return tokenStatus();
}

export async function recordCheck(check: ConnectionCheck): Promise<void> {
  await browser.storage[CHECK.area].set({ [CHECK.key]: check });
}

/** What a page may know: whether a token is set, whether it is the sandbox's demo, and the last check. */
export async function tokenStatus(): Promise<TokenStatus> {
  const settings = readSettings();
  const [token, { serviceUrl }, stored] = await Promise.all([
    readToken(clock.now(), settings),
    settings,
    browser.storage[CHECK.area].get(CHECK.key),
  ]);
  const set = token !== undefined;
  const demo = token === SANDBOX_TOKEN && serviceUrl === SANDBOX_URL;
  const check = stored[CHECK.key] as ConnectionCheck | undefined;
  return { set, ...(demo ? { demo } : {}), ...(check ? { check } : {}) };
}

/** For tests: forget the key and the opened token, as a worker restart does. */
export function forgetTokenMemory(): void {
  forgetKeyDatabase();
  cachedKey = undefined;
  creating = undefined;
  opened = undefined;
}
