import type { Settings } from './settings.ts';
import type { VaultStatus } from './vault-items.ts';

/**
 * What the background writes ahead for the popup's first screen (stored-keys.ts says
 * where): the settings as `settings.get` answers them and the vault as `vault.status`
 * does, rewritten whenever what they are read from changes. The popup shows its form
 * from it at once instead of waiting for a worker that may be busy or asleep.
 */
export interface FirstScreen {
  /** The extension version that wrote it: another version's settings may differ in shape. */
  version: string;
  settings: Settings;
  /** Absent when the background could not read the vault (the popup then asks). */
  vault?: VaultStatus;
}

/**
 * The vault's status as of `now`, or undefined when the snapshot cannot tell: an
 * unlocked vault past its idle deadline may be locked by now, or kept open by a use
 * the snapshot does not follow (a use only pushes the deadline back), so the popup
 * asks the background.
 */
export function vaultAsOf(vault: VaultStatus | undefined, now: number): VaultStatus | undefined {
  if (!vault?.unlocked) return vault;
  return vault.locksAt !== undefined && vault.locksAt > now ? vault : undefined;
}
