/**
 * The vault: the secrets of own-account ordering, encrypted at rest in one blob, decrypted
 * by the background alone. Pages get labels back; `secretsForOrder`, at placement, is the
 * one way out. While unlocked, the derived key and its idle deadline are kept only in
 * `chrome.storage.session` (memory, closed to content scripts): a restarted worker finds
 * the vault still unlocked, a restarted browser finds it locked.
 */
import type { OrderRequest } from '../../api/schemas/order-request.ts';
import { browser } from '../../shared/browser.ts';
import { publishChange } from '../../shared/change-feed.ts';
import { t } from '../../shared/i18n.ts';
import { STORED_KEYS } from '../../shared/stored-keys.ts';
import type { VaultItem, VaultLabel, VaultStatus } from '../../shared/vault-items.ts';
import { clock } from '../clock.ts';
import { readSettings } from '../settings-store.ts';
import {
  CHECK_VALUE,
  deriveKey,
  exportKey,
  fromBase64,
  importKey,
  intactVault,
  open,
  PBKDF2_ITERATIONS,
  type StoredVault,
  seal,
  sealVault,
  withDigest,
} from './vault-crypto.ts';
import { VaultError } from './vault-errors.ts';

/** Fires every minute while the vault is unlocked, to lock it once it has been idle. */
export const VAULT_IDLE_ALARM = 'vault-idle-lock';

const SESSION = STORED_KEYS.vaultSession;

const readSession = async (): Promise<unknown> =>
  (await browser.storage[SESSION.area].get(SESSION.key))[SESSION.key];

/**
 * Unlocks (or keeps unlocked) with this key until the user has been idle long enough.
 * Pages are told when it was locked; a use that only pushes the deadline back tells nobody.
 */
async function startSession(key: CryptoKey, now: number): Promise<number> {
  const minutes = (await readSettings()).vaultIdleLockMinutes;
  const session = { key: await exportKey(key), locksAt: now + minutes * 60_000 };
  const wasLocked = (await readSession()) === undefined;
  await browser.storage[SESSION.area].set({ [SESSION.key]: session });
  if (!(await browser.alarms.get(VAULT_IDLE_ALARM)))
    await browser.alarms.create(VAULT_IDLE_ALARM, { periodInMinutes: 1 });
  if (wasLocked) await publishChange(['vault']);
  return session.locksAt;
}

/** Locks (the user, the idle alarm, a use past the deadline); pages are told when it was unlocked. */
async function endSession(): Promise<void> {
  const wasUnlocked = (await readSession()) !== undefined;
  await browser.storage[SESSION.area].remove(SESSION.key);
  await browser.alarms.clear(VAULT_IDLE_ALARM);
  if (wasUnlocked) await publishChange(['vault']);
}

/**
 * The key while unlocked (without pushing the deadline). A session past its deadline, or
 * whose key does not import, is ended: the user unlocks afresh.
 */
async function currentSession(
  now: number,
): Promise<{ key: CryptoKey; locksAt: number } | undefined> {
  const stored = await readSession();
  const { key, locksAt } = (stored ?? {}) as { key?: unknown; locksAt?: unknown };
  if (typeof key === 'string' && typeof locksAt === 'number' && locksAt > now) {
    const imported = await importKey(key).catch(() => undefined);
    if (imported) return { key: imported, locksAt };
  }
  // Only a session that is there is ended. Ending one that is not (a status read while
  // locked) could remove the session an unlock is writing at that moment.
  if (stored !== undefined) await endSession();
  return undefined;
}

/** The alarm listener's part (index.ts): locks the vault once idle past its deadline. */
export async function onVaultAlarm(alarm: { name: string }, now = clock.now()): Promise<void> {
  if (alarm.name === VAULT_IDLE_ALARM) await currentSession(now);
}

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
  const vault = await intactVault(stored);
  if (!vault) throw new VaultError(t('bg_vaultDamaged'));
  return vault;
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
    throw new VaultError(t('bg_vaultDamaged'));
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

/** The vault's status, read in turn with its changes: a read (it may lock) never cuts into one. */
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

export function createVault(passphrase: string, now = clock.now()): Promise<VaultStatus> {
  return oneAtATime(async () => {
    const existing = (await browser.storage[VAULT.area].get(VAULT.key))[VAULT.key];
    if (existing !== undefined) throw new VaultError(t('bg_vaultExists'));
    const { key, vault } = await sealVault(passphrase, []);
    await writeVault(vault);
    const locksAt = await startSession(key, now);
    await publishChange(['vault']);
    return statusOf([], locksAt);
  });
}

export function unlockVault(passphrase: string, now = clock.now()): Promise<VaultStatus> {
  return oneAtATime(async () => {
    const vault = await readVault();
    if (!vault) throw new VaultError(t('bg_vaultMissing'));
    const key = await deriveKey(passphrase, fromBase64(vault.salt), vault.iterations);
    const check = await open(key, vault.check).catch(() => {
      // The digest has already shown the data unchanged, so only the key can be wrong.
      throw new VaultError(t('bg_vaultWrongPassphrase'));
    });
    if (check !== CHECK_VALUE) throw new VaultError(t('bg_vaultDamaged'));
    const items = await readItems(vault, key);
    // A vault from a release with a lower count is sealed again at today's, under a new salt.
    const upgraded =
      vault.iterations < PBKDF2_ITERATIONS ? await sealVault(passphrase, items) : undefined;
    if (upgraded) await writeVault(upgraded.vault);
    return statusOf(items, await startSession(upgraded?.key ?? key, now));
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

/** The vault, its key and items while unlocked; an order is told why it cannot have them. */
async function unlocked(now: number, forOrder = false) {
  const vault = await readVault();
  if (!vault) throw new VaultError(t(forOrder ? 'bg_vaultMissingForOrder' : 'bg_vaultMissing'));
  const session = await currentSession(now);
  if (!session)
    throw new VaultError(t(forOrder ? 'bg_vaultLockedForOrder' : 'bg_vaultLocked'), true);
  return { vault, key: session.key, items: await readItems(vault, session.key) };
}

function changeItems(
  change: (items: VaultItem[]) => VaultItem[],
  now: number,
): Promise<VaultStatus> {
  return oneAtATime(async () => {
    const { vault, key, items: before } = await unlocked(now);
    const items = change(before);
    await writeVault({ ...vault, items: await seal(key, items) });
    const locksAt = await startSession(key, now);
    await publishChange(['vault']);
    return statusOf(items, locksAt);
  });
}

/** Whether an item's label repeats one of its secrets, which it would carry everywhere. */
function repeatsSecret(item: VaultItem): boolean {
  const compact = (text = '') => text.replace(/[\s-]/g, '');
  const secrets =
    item.kind === 'credentials'
      ? [item.credentials.password, item.credentials.totp_2fa_key]
      : [item.kind === 'payment' ? item.payment.number : undefined];
  return secrets.some(
    (secret) => compact(secret).length >= 4 && compact(item.label).includes(compact(secret)),
  );
}

export function saveVaultItem(item: VaultItem, now = clock.now()): Promise<VaultStatus> {
  if (repeatsSecret(item)) return Promise.reject(new VaultError(t('bg_vaultLabelSecret')));
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
  const { key, items } = await unlocked(now, true);
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
  await startSession(key, now);
  return {
    retailer_credentials: credentials.credentials,
    payment_method: payment.payment,
    billing_address: billing.address,
  };
}
