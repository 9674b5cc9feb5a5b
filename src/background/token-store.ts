import { browser } from '../shared/browser.ts';
import type { ConnectionCheck, TokenStatus } from '../shared/protocol.ts';
import { SANDBOX_TOKEN, SANDBOX_URL } from '../shared/settings.ts';
import { STORED_KEYS } from '../shared/stored-keys.ts';
import { readSettings } from './settings-store.ts';

// The token lives in local storage (never sync), is read by this module alone, and
// leaves the background only inside the Authorization header of a service call.
const TOKEN = STORED_KEYS.serviceToken;
const CHECK = STORED_KEYS.tokenCheck;

export async function readToken(): Promise<string | undefined> {
  const stored = await browser.storage[TOKEN.area].get(TOKEN.key);
  const token = stored[TOKEN.key];
  return typeof token === 'string' && token !== '' ? token : undefined;
}

export async function writeToken(token: string): Promise<void> {
  await browser.storage[TOKEN.area].set({ [TOKEN.key]: token });
  await browser.storage[CHECK.area].remove(CHECK.key);
}

export async function removeToken(): Promise<void> {
  await browser.storage[TOKEN.area].remove([TOKEN.key, CHECK.key]);
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
