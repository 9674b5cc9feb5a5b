import type { OrderRequest } from '../../api/schemas/order-request.ts';
import { browser } from '../../shared/browser.ts';
import { STORED_KEYS } from '../../shared/stored-keys.ts';
import type { VaultItem, VaultLabel, VaultStatus } from '../../shared/vault-items.ts';
import { readSettings } from '../settings-store.ts';
import {
  deriveKey,
  exportKey,
  fromBase64,
  importKey,
  open,
  PBKDF2_ITERATIONS,
  randomBytes,
  type Sealed,
  seal,
  toBase64,
} from './vault-crypto.ts';

/** A vault error with the sentence to show the user. */
export class VaultError extends Error {
  constructor(readonly userMessage: string) {
    super(userMessage);
    this.name = 'VaultError';
  }
}

export type SecretRefs = { credentialsId: string; paymentId: string; billingId: string };

interface StoredVault {
  version: 1;
  salt: string;
  iterations: number;
  /** A known value sealed with the key: tells a wrong passphrase from damaged items. */
  check: Sealed;
  items: Sealed;
}

interface VaultSession {
  key: string;
  locksAt: number;
}

const CHECK_VALUE = 'buyline-vault';
const VAULT = STORED_KEYS.vault;
const SESSION = STORED_KEYS.vaultSession;

async function readVault(): Promise<StoredVault | undefined> {
  const stored = await browser.storage[VAULT.area].get(VAULT.key);
  return stored[VAULT.key] as StoredVault | undefined;
}

async function readSession(): Promise<VaultSession | undefined> {
  const stored = await browser.storage[SESSION.area].get(SESSION.key);
  return stored[SESSION.key] as VaultSession | undefined;
}

async function idleDeadline(now: number): Promise<number> {
  return now + (await readSettings()).vaultIdleLockMinutes * 60_000;
}

async function startSession(key: CryptoKey, now: number): Promise<void> {
  const session: VaultSession = { key: await exportKey(key), locksAt: await idleDeadline(now) };
  await browser.storage[SESSION.area].set({ [SESSION.key]: session });
}

/** Locks the vault when its idle time has passed. Run from an alarm and before each use. */
export async function enforceIdleLock(now = Date.now()): Promise<void> {
  const session = await readSession();
  if (session && session.locksAt <= now) await browser.storage[SESSION.area].remove(SESSION.key);
}

function labelOf(item: VaultItem): VaultLabel {
  return item.kind === 'credentials'
    ? { id: item.id, kind: item.kind, label: item.label, retailer: item.retailer }
    : { id: item.id, kind: item.kind, label: item.label };
}

async function unlockedKey(now: number): Promise<CryptoKey | undefined> {
  await enforceIdleLock(now);
  const session = await readSession();
  return session ? importKey(session.key) : undefined;
}

async function readItems(vault: StoredVault, key: CryptoKey): Promise<VaultItem[]> {
  try {
    return await open<VaultItem[]>(key, vault.items);
  } catch {
    throw new VaultError(
      'The vault’s data is damaged or was changed: restore it from a backup or create a new vault.',
    );
  }
}

export async function vaultStatus(now = Date.now()): Promise<VaultStatus> {
  const vault = await readVault();
  if (!vault) return { exists: false, unlocked: false, items: [] };
  const key = await unlockedKey(now);
  if (!key) return { exists: true, unlocked: false, items: [] };
  const session = await readSession();
  const items = (await readItems(vault, key)).map(labelOf);
  return { exists: true, unlocked: true, items, ...(session ? { locksAt: session.locksAt } : {}) };
}

export async function createVault(passphrase: string, now = Date.now()): Promise<VaultStatus> {
  if (await readVault())
    throw new VaultError(
      'A vault already exists: unlock it, or remove it before creating a new one.',
    );
  const salt = randomBytes(16);
  const key = await deriveKey(passphrase, salt, PBKDF2_ITERATIONS);
  const vault: StoredVault = {
    version: 1,
    salt: toBase64(salt),
    iterations: PBKDF2_ITERATIONS,
    check: await seal(key, CHECK_VALUE),
    items: await seal(key, []),
  };
  await browser.storage[VAULT.area].set({ [VAULT.key]: vault });
  await startSession(key, now);
  return vaultStatus(now);
}

export async function unlockVault(passphrase: string, now = Date.now()): Promise<VaultStatus> {
  const vault = await readVault();
  if (!vault) throw new VaultError('There is no vault yet: create one in Options.');
  let key: CryptoKey;
  try {
    key = await deriveKey(passphrase, fromBase64(vault.salt), vault.iterations);
  } catch {
    throw new VaultError(
      'The vault’s data is damaged or was changed: restore it from a backup or create a new vault.',
    );
  }
  let check: unknown;
  try {
    check = await open(key, vault.check);
  } catch {
    // GCM cannot tell a wrong key from changed data; the check value is what the user
    // most likely got wrong, and damaged items are reported separately below.
    throw new VaultError('Wrong passphrase: try again.');
  }
  if (check !== CHECK_VALUE)
    throw new VaultError(
      'The vault’s data is damaged or was changed: restore it from a backup or create a new vault.',
    );
  await readItems(vault, key);
  await startSession(key, now);
  return vaultStatus(now);
}

export async function lockVault(): Promise<VaultStatus> {
  await browser.storage[SESSION.area].remove(SESSION.key);
  return vaultStatus();
}

async function changeItems(
  change: (items: VaultItem[]) => VaultItem[],
  now: number,
): Promise<VaultStatus> {
  const vault = await readVault();
  const key = await unlockedKey(now);
  if (!vault || !key) throw new VaultError('The vault is locked: unlock it first.');
  const items = change(await readItems(vault, key));
  await browser.storage[VAULT.area].set({
    [VAULT.key]: { ...vault, items: await seal(key, items) },
  });
  await startSession(key, now);
  return vaultStatus(now);
}

export function saveVaultItem(item: VaultItem, now = Date.now()): Promise<VaultStatus> {
  return changeItems(
    (items) => [...items.filter((existing) => existing.id !== item.id), item],
    now,
  );
}

export function removeVaultItem(id: string, now = Date.now()): Promise<VaultStatus> {
  return changeItems((items) => items.filter((existing) => existing.id !== id), now);
}

/** The secrets an own-account order needs, decrypted at the moment of placement. */
export async function secretsForOrder(
  refs: SecretRefs,
  now = Date.now(),
): Promise<Pick<OrderRequest, 'retailer_credentials' | 'payment_method' | 'billing_address'>> {
  const vault = await readVault();
  const key = await unlockedKey(now);
  if (!vault)
    throw new VaultError('There is no vault yet: add your retailer login and card in Options.');
  if (!key)
    throw new VaultError('The vault is locked: unlock it in Options to place own-account orders.');
  const items = await readItems(vault, key);
  const find = <K extends VaultItem['kind']>(kind: K, id: string) =>
    items.find(
      (item): item is Extract<VaultItem, { kind: K }> => item.kind === kind && item.id === id,
    );
  const credentials = find('credentials', refs.credentialsId);
  const payment = find('payment', refs.paymentId);
  const billing = find('billing', refs.billingId);
  if (!credentials || !payment || !billing)
    throw new VaultError(
      'A saved login, card or billing address was removed: choose another in the order form.',
    );
  await startSession(key, now);
  return {
    retailer_credentials: credentials.credentials,
    payment_method: payment.payment,
    billing_address: billing.address,
  };
}
