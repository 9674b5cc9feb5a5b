import type { OrderView, TokenStatus } from './protocol.ts';
import type { Settings } from './settings.ts';
import type { VaultStatus } from './vault-items.ts';

/** The recent orders the popup's first screen offers to cancel: placed ones, newest first. */
export const CANCELLABLE_QUERY = { state: 'placed', limit: 10 } as const;
/** The orders in flight the background keeps for the first screen, newest first. */
export const IN_FLIGHT_QUERY = { state: 'in_flight', limit: 20 } as const;

/**
 * What the background keeps written for the popup's first screen (stored-keys.ts says
 * where): what `settings.get`, `vault.status`, `token.status` and the two order queries
 * above answer, rewritten whenever one of them changes. The popup draws its first
 * screen from this one object, without waiting for a worker that may be busy or asleep.
 */
export interface FirstScreen {
  /** The extension version that wrote it: another version's settings may differ in shape. */
  version: string;
  /**
   * The change notice (change-feed.ts) that was the latest when it was read: a newer
   * one means a change this object may not hold yet.
   */
  feed?: string;
  settings: Settings;
  /** Absent when the background could not read the vault (the popup then asks). */
  vault?: VaultStatus;
  token: TokenStatus;
  inFlight: OrderView[];
  cancellable: OrderView[];
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
