/**
 * The unlocked state: the derived key, exported raw, and its idle deadline, kept in
 * `chrome.storage.session` (memory only, gone when the browser closes, readable by
 * the extension's own pages and worker but not by content scripts), never in local
 * or sync storage. A worker that restarts finds the vault still unlocked; a browser
 * that restarts finds it locked.
 */
import { browser } from '../../shared/browser.ts';
import { publishChange } from '../../shared/change-feed.ts';
import { STORED_KEYS } from '../../shared/stored-keys.ts';
import { clock } from '../clock.ts';
import { readSettings } from '../settings-store.ts';
import { exportKey, importKey } from './vault-crypto.ts';

/** Fires every minute while the vault is unlocked, to lock it once it has been idle. */
export const VAULT_IDLE_ALARM = 'vault-idle-lock';

interface VaultSession {
  key: string;
  locksAt: number;
}

const SESSION = STORED_KEYS.vaultSession;

async function readSession(): Promise<VaultSession | undefined> {
  const stored = await browser.storage[SESSION.area].get(SESSION.key);
  const session = stored[SESSION.key] as Partial<VaultSession> | undefined;
  return typeof session?.key === 'string' && typeof session.locksAt === 'number'
    ? { key: session.key, locksAt: session.locksAt }
    : undefined;
}

async function hasSession(): Promise<boolean> {
  return (await browser.storage[SESSION.area].get(SESSION.key))[SESSION.key] !== undefined;
}

/**
 * Unlocks (or keeps unlocked) with this key until the user has been idle long enough.
 * Open pages are told when the vault goes from locked to unlocked; a use that only
 * pushes the deadline back (each order of a batch) tells nobody.
 */
export async function startSession(key: CryptoKey, now: number): Promise<number> {
  const minutes = (await readSettings()).vaultIdleLockMinutes;
  const session: VaultSession = { key: await exportKey(key), locksAt: now + minutes * 60_000 };
  const wasLocked = !(await hasSession());
  await browser.storage[SESSION.area].set({ [SESSION.key]: session });
  if (!(await browser.alarms.get(VAULT_IDLE_ALARM)))
    await browser.alarms.create(VAULT_IDLE_ALARM, { periodInMinutes: 1 });
  if (wasLocked) await publishChange(['vault']);
  return session.locksAt;
}

/**
 * Locks: by the user, by the idle alarm, or before a use past the deadline. Open pages
 * are told when it was unlocked, so none keeps showing an unlocked vault.
 */
export async function endSession(): Promise<void> {
  const wasUnlocked = await hasSession();
  await browser.storage[SESSION.area].remove(SESSION.key);
  await browser.alarms.clear(VAULT_IDLE_ALARM);
  if (wasUnlocked) await publishChange(['vault']);
}

/**
 * Locks the vault once its idle deadline has passed; true when it is locked now.
 * Run by the alarm every minute and before each use.
 */
export async function enforceIdleLock(now = clock.now()): Promise<boolean> {
  const session = await readSession();
  if (session && session.locksAt > now) return false;
  // Only a session that is there is ended. Ending one that is not (a read of the
  // vault's status while it is locked) could remove the session an unlock is writing
  // at that moment, locking the vault the user has just opened.
  if (await hasSession()) await endSession();
  return true;
}

/** The key while unlocked (without pushing the deadline), or undefined while locked. */
export async function currentSession(
  now: number,
): Promise<{ key: CryptoKey; locksAt: number } | undefined> {
  if (await enforceIdleLock(now)) return undefined;
  const session = await readSession();
  if (!session) return undefined;
  try {
    return { key: await importKey(session.key), locksAt: session.locksAt };
  } catch {
    // A session key that does not import is of no use: lock, so the user unlocks afresh.
    await endSession();
    return undefined;
  }
}

/** The alarm listener's part: src/background/index.ts hands every alarm here. */
export async function onVaultAlarm(alarm: { name: string }, now = clock.now()): Promise<void> {
  if (alarm.name === VAULT_IDLE_ALARM) await enforceIdleLock(now);
}
