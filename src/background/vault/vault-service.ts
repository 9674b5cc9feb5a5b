/**
 * The vault: the secrets of own-account ordering (retailer logins, payment methods,
 * billing addresses), encrypted at rest in one blob, decrypted by the background
 * alone. Pages get labels back, nothing more; `secretsForOrder` is the one way out,
 * used at the moment of placement. Every change of what pages show of it (it exists, it
 * is unlocked, its items) is told to open pages (`publishChange(['vault'])`), whoever
 * made it: a page's request, or the idle lock (vault-session.ts).
 */
import type { OrderRequest } from '../../api/schemas/order-request.ts';
import { browser } from '../../shared/browser.ts';
import { publishChange } from '../../shared/change-feed.ts';
import { t } from '../../shared/i18n.ts';
import { STORED_KEYS } from '../../shared/stored-keys.ts';
import type { VaultItem, VaultLabel, VaultStatus } from '../../shared/vault-items.ts';
import { clock } from '../clock.ts';
import {
  deriveKey,
  fromBase64,
  open,
  PBKDF2_ITERATIONS,
  randomBytes,
  SALT_BYTES,
  seal,
  toBase64,
} from './vault-crypto.ts';
import { DAMAGED, LOCKED, NO_VAULT, VaultError, WRONG_PASSPHRASE } from './vault-errors.ts';
import { CHECK_VALUE, isIntact, type StoredVault, withDigest } from './vault-format.ts';
import { currentSession, endSession, startSession } from './vault-session.ts';

export { VaultError } from './vault-errors.ts';
export { enforceIdleLock } from './vault-session.ts';

export type SecretRefs = { credentialsId: string; paymentId: string; billingId: string };

const VAULT = STORED_KEYS.vault;

// Changes are read-modify-write of one blob; one at a time, so none is lost.
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

/** The stored vault, undefined when there is none; throws when it is damaged. */
async function readVault(): Promise<StoredVault | undefined> {
  const stored = (await browser.storage[VAULT.area].get(VAULT.key))[VAULT.key];
  if (stored === undefined) return undefined;
  if (!(await isIntact(stored))) throw new VaultError(DAMAGED);
  return stored as StoredVault;
}

async function writeVault(vault: Omit<StoredVault, 'digest'>): Promise<void> {
  await browser.storage[VAULT.area].set({ [VAULT.key]: await withDigest(vault) });
}

async function readItems(vault: StoredVault, key: CryptoKey): Promise<VaultItem[]> {
  try {
    const items = await open<unknown>(key, vault.items);
    if (!Array.isArray(items)) throw new Error('not a list');
    return items as VaultItem[];
  } catch {
    throw new VaultError(DAMAGED);
  }
}

function labelOf(item: VaultItem): VaultLabel {
  return item.kind === 'credentials'
    ? { id: item.id, kind: item.kind, label: item.label, retailer: item.retailer }
    : { id: item.id, kind: item.kind, label: item.label };
}

function statusOf(items: VaultItem[], locksAt: number): VaultStatus {
  return { exists: true, unlocked: true, items: items.map(labelOf), locksAt };
}

/**
 * The vault's status, read in turn with the changes to it: a status asked while the vault
 * is being created, unlocked or changed is the status after that, and the read (which
 * locks a vault past its idle deadline) never cuts into a change under way.
 */
export function vaultStatus(now = clock.now()): Promise<VaultStatus> {
  return oneAtATime(() => statusNow(now));
}

async function statusNow(now: number): Promise<VaultStatus> {
  const vault = await readVault();
  if (!vault) return { exists: false, unlocked: false, items: [] };
  const session = await currentSession(now);
  if (!session) return { exists: true, unlocked: false, items: [] };
  return statusOf(await readItems(vault, session.key), session.locksAt);
}

async function sealNew(passphrase: string, items: VaultItem[]) {
  const salt = randomBytes(SALT_BYTES);
  const key = await deriveKey(passphrase, salt, PBKDF2_ITERATIONS);
  const vault = {
    version: 1 as const,
    salt: toBase64(salt),
    iterations: PBKDF2_ITERATIONS,
    check: await seal(key, CHECK_VALUE),
    items: await seal(key, items),
  };
  return { key, vault };
}

export function createVault(passphrase: string, now = clock.now()): Promise<VaultStatus> {
  return oneAtATime(async () => {
    const existing = (await browser.storage[VAULT.area].get(VAULT.key))[VAULT.key];
    if (existing !== undefined) throw new VaultError(t('bg_vaultExists'));
    const { key, vault } = await sealNew(passphrase, []);
    await writeVault(vault);
    const locksAt = await startSession(key, now);
    await publishChange(['vault']);
    return statusOf([], locksAt);
  });
}

export function unlockVault(passphrase: string, now = clock.now()): Promise<VaultStatus> {
  return oneAtATime(async () => {
    const vault = await readVault();
    if (!vault) throw new VaultError(NO_VAULT);
    const key = await deriveKey(passphrase, fromBase64(vault.salt), vault.iterations);
    let check: unknown;
    try {
      check = await open(key, vault.check);
    } catch {
      // The digest has already shown the data unchanged, so only the key can be wrong.
      throw new VaultError(WRONG_PASSPHRASE);
    }
    if (check !== CHECK_VALUE) throw new VaultError(DAMAGED);
    const items = await readItems(vault, key);
    if (vault.iterations < PBKDF2_ITERATIONS) {
      // A vault from a release with a lower count is sealed again at today's, under a new salt.
      const upgraded = await sealNew(passphrase, items);
      await writeVault(upgraded.vault);
      return statusOf(items, await startSession(upgraded.key, now));
    }
    return statusOf(items, await startSession(key, now));
  });
}

export function lockVault(): Promise<VaultStatus> {
  return oneAtATime(async () => {
    await endSession();
    return statusNow(clock.now());
  });
}

/** Deletes the vault and every secret in it: the way out of a forgotten passphrase or damaged data. */
export function deleteVault(): Promise<VaultStatus> {
  return oneAtATime(async () => {
    await endSession();
    await browser.storage[VAULT.area].remove(VAULT.key);
    await publishChange(['vault']);
    return { exists: false, unlocked: false, items: [] };
  });
}

async function unlocked(now: number): Promise<{ vault: StoredVault; key: CryptoKey }> {
  const vault = await readVault();
  if (!vault) throw new VaultError(NO_VAULT);
  const session = await currentSession(now);
  if (!session) throw new VaultError(LOCKED, true);
  return { vault, key: session.key };
}

function changeItems(
  change: (items: VaultItem[]) => VaultItem[],
  now: number,
): Promise<VaultStatus> {
  return oneAtATime(async () => {
    const { vault, key } = await unlocked(now);
    const items = change(await readItems(vault, key));
    await writeVault({ ...vault, items: await seal(key, items) });
    const locksAt = await startSession(key, now);
    // Pages list the items' labels: they re-read them.
    await publishChange(['vault']);
    return statusOf(items, locksAt);
  });
}

/** The secret values of an item, which its label must not repeat. */
function secretsOf(item: VaultItem): string[] {
  if (item.kind === 'credentials')
    return [item.credentials.password, item.credentials.totp_2fa_key ?? ''];
  if (item.kind === 'payment') return [item.payment.number ?? ''];
  return [];
}

const compact = (text: string) => text.replace(/[\s-]/g, '');

export function saveVaultItem(item: VaultItem, now = clock.now()): Promise<VaultStatus> {
  // Labels are shown everywhere; a label that repeats a secret would carry it out.
  const label = compact(item.label);
  if (
    secretsOf(item).some((secret) => compact(secret).length >= 4 && label.includes(compact(secret)))
  )
    return Promise.reject(new VaultError(t('bg_vaultLabelSecret')));
  return changeItems(
    (items) => [...items.filter((existing) => existing.id !== item.id), item],
    now,
  );
}

export function removeVaultItem(id: string, now = clock.now()): Promise<VaultStatus> {
  return changeItems((items) => items.filter((existing) => existing.id !== id), now);
}

/** The secrets an own-account order needs, decrypted at the moment of placement. */
export async function secretsForOrder(
  refs: SecretRefs,
  now = clock.now(),
): Promise<Pick<OrderRequest, 'retailer_credentials' | 'payment_method' | 'billing_address'>> {
  const vault = await readVault();
  if (!vault) throw new VaultError(t('bg_vaultMissingForOrder'));
  const session = await currentSession(now);
  if (!session) throw new VaultError(t('bg_vaultLockedForOrder'), true);
  const items = await readItems(vault, session.key);
  const find = <K extends VaultItem['kind']>(kind: K, id: string) =>
    items.find(
      (item): item is Extract<VaultItem, { kind: K }> => item.kind === kind && item.id === id,
    );
  const credentials = find('credentials', refs.credentialsId);
  const payment = find('payment', refs.paymentId);
  const billing = find('billing', refs.billingId);
  if (!credentials || !payment || !billing) {
    const missing = [
      credentials ? undefined : t('bg_vaultRetailerLogin'),
      payment ? undefined : t('bg_vaultPaymentMethod'),
      billing ? undefined : t('bg_vaultBillingAddress'),
    ].filter((name) => name !== undefined);
    throw new VaultError(
      missing.length === 1
        ? t('bg_vaultChosenMissingOne', missing[0] ?? '')
        : t(
            'bg_vaultChosenMissingMany',
            t('bg_listAnd', missing.slice(0, -1).join(', '), missing.at(-1) ?? ''),
          ),
    );
  }
  await startSession(session.key, now);
  return {
    retailer_credentials: credentials.credentials,
    payment_method: payment.payment,
    billing_address: billing.address,
  };
}
