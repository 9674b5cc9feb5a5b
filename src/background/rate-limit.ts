import { browser } from '../shared/browser.ts';
import { STORED_KEYS } from '../shared/stored-keys.ts';

const { area, key } = STORED_KEYS.rateLimitedUntil;

/** The service asked us to wait: no request goes out before `until` (unix ms). */
export async function noteRateLimit(until: number): Promise<void> {
  const current = await rateLimitedUntil();
  if (until > current) await browser.storage[area].set({ [key]: until });
}

export async function rateLimitedUntil(): Promise<number> {
  const stored = await browser.storage[area].get(key);
  const value = stored[key];
  return typeof value === 'number' ? value : 0;
}
