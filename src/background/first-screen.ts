import { browser } from '../shared/browser.ts';
import type { FirstScreen } from '../shared/first-screen.ts';
import { STORED_KEYS } from '../shared/stored-keys.ts';
import { readSettings } from './settings-store.ts';
import { vaultStatus } from './vault/vault-service.ts';

const { area, key } = STORED_KEYS.firstScreen;

/** Writes what the popup's first screen shows, as `settings.get` and `vault.status` answer. */
async function write(): Promise<void> {
  const [settings, vault] = await Promise.all([
    readSettings(),
    // A vault that cannot be read is left out: the popup asks, and hears why.
    vaultStatus().catch(() => undefined),
  ]);
  const screen: FirstScreen = {
    version: browser.runtime.getManifest().version,
    settings,
    ...(vault ? { vault } : {}),
  };
  await browser.storage[area].set({ [key]: screen });
}

let queue: Promise<void> = Promise.resolve();

/**
 * Writes the first screen afresh. Writes run one after another, so one that read older
 * settings never lands after one that read newer settings.
 */
export function writeFirstScreen(): Promise<void> {
  const next = queue.then(write);
  queue = next.catch(() => undefined);
  return next;
}

type StorageChanges = Record<string, { oldValue?: unknown; newValue?: unknown }>;

/**
 * Whether a storage change touches what the first screen is read from: the settings
 * (whoever wrote them, another device through sync included) and this device's webhook
 * addresses, the vault, or its being
 * unlocked. A use of the vault that only pushes its idle deadline back does not count:
 * the popup does not trust an unlocked status past the deadline it was written with.
 */
export function changesFirstScreen(changes: StorageChanges, changedArea: string): boolean {
  const at = (name: 'settings' | 'webhooks' | 'vault' | 'vaultSession') =>
    changedArea === STORED_KEYS[name].area ? changes[STORED_KEYS[name].key] : undefined;
  const session = at('vaultSession');
  return (
    at('settings') !== undefined ||
    at('webhooks') !== undefined ||
    at('vault') !== undefined ||
    // A missing value may come as undefined or null, depending on the browser.
    (session !== undefined && (session.oldValue == null || session.newValue == null))
  );
}

/**
 * Writes the first screen afresh. One that cannot be written is removed, so the popup
 * asks the background rather than show what has changed since.
 */
function refresh(): void {
  writeFirstScreen().catch(async (error: unknown) => {
    console.error('Buyline: could not prepare the popup', error);
    await browser.storage[area].remove(key).catch(() => undefined);
  });
}

/**
 * Keeps the first screen current: written now, and again on every change it depends on.
 * Called at the top level of each worker start: session storage is empty after a browser
 * restart and may hold what another version wrote, and a change made while the worker
 * sleeps wakes it through this listener.
 */
export function keepFirstScreen(): void {
  browser.storage.onChanged.addListener((changes, changedArea) => {
    if (changesFirstScreen(changes as StorageChanges, changedArea)) refresh();
  });
  refresh();
}
