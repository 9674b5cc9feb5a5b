import type { OrderView, TokenStatus } from './protocol.ts';
import type { Settings } from './settings.ts';
import type { VaultStatus } from './vault-items.ts';

/**
 * The recent orders the popup's first screen offers to cancel, newest first: those the
 * order's life lets the buyer cancel now (a refused cancellation, or one under way, is not).
 */
export const CANCELLABLE_QUERY = { state: 'cancellable', limit: 10 } as const;
/** The orders in flight the background keeps for the first screen, newest first. */
export const IN_FLIGHT_QUERY = { state: 'in_flight', limit: 20 } as const;

/**
 * What `settings.get`, `vault.status`, `token.status` and the two queries above answer,
 * kept written by the background so the popup draws its first screen without waiting for
 * a worker that may be busy or asleep.
 */
export interface FirstScreen {
  /** The extension version that wrote it: another version's settings may differ in shape. */
  version: string;
  /** The latest change notice when it was read: a newer one means it may be out of date. */
  feed?: string;
  settings: Settings;
  /** Absent when the background could not read the vault (the popup then asks). */
  vault?: VaultStatus;
  token: TokenStatus;
  inFlight: OrderView[];
  cancellable: OrderView[];
}

/**
 * The vault's status as of `now`, or undefined when the snapshot cannot tell (an unlocked
 * vault past its idle deadline may be locked, or kept open by a use): the popup then asks.
 */
export function vaultAsOf(vault: VaultStatus | undefined, now: number): VaultStatus | undefined {
  if (!vault?.unlocked) return vault;
  return vault.locksAt !== undefined && vault.locksAt > now ? vault : undefined;
}
