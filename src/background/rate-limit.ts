import { browser } from '../shared/browser.ts';
import { STORED_KEYS } from '../shared/stored-keys.ts';

const { area, key } = STORED_KEYS.rateLimitedUntil;

/**
 * The hold as this worker last read or noted it: what stored, as read at each gate's
 * opening, raised by every 429 noted since. Each call through the gate checks this
 * instead of reading storage again.
 */
let known = 0;

export function knownHold(): number {
  return known;
}

/** The service asked us to wait: no request goes out before `until` (unix ms). */
export async function noteRateLimit(until: number): Promise<void> {
  const current = await rateLimitedUntil();
  known = Math.max(current, until);
  if (until > current) await browser.storage[area].set({ [key]: until });
}

export async function rateLimitedUntil(): Promise<number> {
  const stored = await browser.storage[area].get(key);
  const value = stored[key];
  known = typeof value === 'number' ? value : 0;
  return known;
}
