import { browser } from '../shared/browser.ts';
import { type FirstScreen, vaultAsOf } from '../shared/first-screen.ts';
import type { Settings } from '../shared/settings.ts';
import { STORED_KEYS } from '../shared/stored-keys.ts';
import type { VaultStatus } from '../shared/vault-items.ts';

const { area, key } = STORED_KEYS.firstScreen;

/**
 * What the background wrote ahead for the first screen (shared/first-screen.ts), as
 * far as it can be used now: nothing from another version of Buyline, and no vault
 * status that may have changed since. What is missing is asked of the background.
 */
export async function readFirstScreen(
  now = Date.now(),
): Promise<{ settings?: Settings; vault?: VaultStatus }> {
  // What cannot be read is asked of the background instead.
  const stored = await browser.storage[area]
    .get(key)
    .then((found) => found[key] as Partial<FirstScreen> | undefined)
    .catch(() => undefined);
  if (!stored?.settings || !stored.version || stored.version !== manifestVersion()) return {};
  const vault = vaultAsOf(stored.vault, now);
  return vault ? { settings: stored.settings, vault } : { settings: stored.settings };
}

/** This extension's version, or undefined where the manifest cannot be read. */
function manifestVersion(): string | undefined {
  try {
    return browser.runtime.getManifest().version;
  } catch {
    return undefined;
  }
}
