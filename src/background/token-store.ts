import { browser } from '../shared/browser.ts';
import { t } from '../shared/i18n.ts';
import type { ConnectionCheck, TokenStatus } from '../shared/protocol.ts';
import { isLocalOrigin } from '../shared/service-address.ts';
import { SANDBOX_TOKEN, SANDBOX_URL } from '../shared/settings.ts';
import { STORED_KEYS } from '../shared/stored-keys.ts';
import { clock } from './clock.ts';
import { readSettings } from './settings-store.ts';
import { openToken, sealToken } from './token-key.ts';
import type { Sealed } from './vault/vault-crypto.ts';

// The token lives in local storage sealed (never in clear, never synced), is read by
// this module alone, and leaves the background only inside the Authorization header of
// a service call.
const SEALED = STORED_KEYS.sealedServiceToken;
const PLAIN = STORED_KEYS.serviceToken;
const CHECK = STORED_KEYS.tokenCheck;

// The opened token, for the worker's life: the sealed record is read at each use (so a
// change made elsewhere is seen), and opened again only when it changed (its IV). Reads
// that meet while it opens (a wake's first round and the message that woke the worker)
// share the one opening.
let opened: { iv: string; token: Promise<string | undefined> } | undefined;
// Sealing a token found in clear runs once, however many callers find it.
let sealing: Promise<void> | undefined;

function isSealed(value: unknown): value is Sealed {
  const record = value as Partial<Sealed> | undefined;
  return typeof record?.iv === 'string' && typeof record.data === 'string';
}

async function store(token: string): Promise<void> {
  const sealed = await sealToken(token);
  await browser.storage[SEALED.area].set({ [SEALED.key]: sealed });
  await browser.storage[PLAIN.area].remove(PLAIN.key);
  opened = { iv: sealed.iv, token: Promise.resolve(token) };
}

/**
 * Seals a token an earlier version stored in clear, and removes the clear copy. Run at
 * every start, and by any read that finds one (so a clear token written while the
 * worker runs, by a test for instance, is sealed before it is used).
 */
export async function sealPlainToken(): Promise<void> {
  sealing ??= (async () => {
    const stored = await browser.storage[PLAIN.area].get(PLAIN.key);
    const plain = stored[PLAIN.key];
    if (typeof plain === 'string' && plain !== '') await store(plain);
    else if (plain !== undefined) await browser.storage[PLAIN.area].remove(PLAIN.key);
  })().finally(() => {
    sealing = undefined;
  });
  return sealing;
}

/**
 * The sealed token could not be opened (its key went with the browser's site data):
 * it is removed, and the last check says to enter the token again, so the options page
 * tells the user rather than show "not set" without a reason.
 */
async function forgetLostToken(now: number): Promise<void> {
  opened = undefined;
  await browser.storage[SEALED.area].remove(SEALED.key);
  await recordCheck({ result: 'no_token', message: t('token_lostEnterAgain'), at: now });
}

/** Opens a sealed token; one that can never be opened is forgotten. */
async function openSealed(sealed: Sealed, now: number): Promise<string | undefined> {
  const result = await openToken(sealed);
  if (!('lost' in result)) return result.token;
  await forgetLostToken(now);
  return undefined;
}

/** The stored token, whoever it is for. */
async function storedToken(now: number): Promise<string | undefined> {
  let stored = await browser.storage[SEALED.area].get([SEALED.key, PLAIN.key]);
  if (stored[PLAIN.key] !== undefined) {
    await sealPlainToken();
    stored = await browser.storage[SEALED.area].get(SEALED.key);
  }
  const sealed = stored[SEALED.key];
  if (!isSealed(sealed)) return undefined;
  if (opened?.iv !== sealed.iv) {
    const token = openSealed(sealed, now);
    const opening = { iv: sealed.iv, token };
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
 * machine: once the address is another service's, it reads as not set, so the new
 * service asks for its own token (and the demo one is never sent to it).
 */
export async function readToken(now = clock.now()): Promise<string | undefined> {
  const token = await storedToken(now);
  if (token === undefined || token === '') return undefined;
  if (token !== SANDBOX_TOKEN) return token;
  const { serviceUrl } = await readSettings();
  return isLocalOrigin(new URL(serviceUrl).origin) ? token : undefined;
}

export async function writeToken(token: string): Promise<void> {
  await store(token);
  await browser.storage[CHECK.area].remove(CHECK.key);
}

export async function removeToken(): Promise<void> {
  opened = undefined;
  await browser.storage[SEALED.area].remove([SEALED.key, PLAIN.key, CHECK.key]);
}

export async function recordCheck(check: ConnectionCheck): Promise<void> {
  await browser.storage[CHECK.area].set({ [CHECK.key]: check });
}

/**
 * What a page may know: whether a token is set, whether it is the local sandbox's demo
 * token at the sandbox's address (a fact about the set-up, not the token's value), and
 * how the last check went.
 */
export async function tokenStatus(): Promise<TokenStatus> {
  const token = await readToken();
  const set = token !== undefined;
  // Settings are read only when the token could be the sandbox's.
  const demo = token === SANDBOX_TOKEN && (await readSettings()).serviceUrl === SANDBOX_URL;
  const stored = await browser.storage[CHECK.area].get(CHECK.key);
  const check = stored[CHECK.key] as ConnectionCheck | undefined;
  return { set, ...(demo ? { demo } : {}), ...(check ? { check } : {}) };
}

/** For tests: forget the opened token, as a worker restart does. */
export function forgetOpenedToken(): void {
  opened = undefined;
}
