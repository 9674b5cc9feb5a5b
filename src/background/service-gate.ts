/**
 * THE gate every request to the service goes through, scheduled or asked for by the
 * user (refresh, abort, cancel, sync, Test connection): one client built from the
 * settings (address, timeout, whether idempotency keys are sent) and the stored token,
 * which sends nothing while a 429 hold is in force and starts a hold on every 429.
 */
import { createServiceClient, type ServiceClient } from '../api/client.ts';
import { RateLimitedError } from '../api/errors.ts';
import { browser } from '../shared/browser.ts';
import { t } from '../shared/i18n.ts';
import type { Settings } from '../shared/settings.ts';
import { STORED_KEYS } from '../shared/stored-keys.ts';
import { clock } from './clock.ts';
import { UserFacingError } from './not-found.ts';
import { readSettings } from './settings-store.ts';
import { readToken } from './token-store.ts';

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

/** Raised when a call needs the service but no token is set. */
export class NoTokenError extends UserFacingError {
  constructor() {
    super(t('bg_noServiceToken'));
  }
}

/** Raised instead of sending anything while the service's Retry-After has not passed. */
export class RateLimitHoldError extends UserFacingError {
  constructor(
    readonly until: number,
    now = clock.now(),
  ) {
    const seconds = Math.max(1, Math.ceil((until - now) / 1000));
    super(t(seconds === 1 ? 'bg_rateLimitHoldOne' : 'bg_rateLimitHoldMany', seconds));
  }
}

export interface Gate {
  client: ServiceClient;
  settings: Settings;
  /** Whether POSTs carry an idempotency key, which is what makes a resend safe. */
  sendsKeys: boolean;
}

/**
 * Opens the gate: throws NoTokenError without a token, RateLimitHoldError during a
 * hold; otherwise a client each of whose calls checks the hold again (a 429 met by one
 * call of a round stops the others) and records every 429's Retry-After. The stored
 * hold is read here; each call checks the worker's own copy of it (`knownHold`), so a
 * round of 1,000 reads does not read storage 1,000 times.
 */
export async function openGate(): Promise<Gate> {
  const [settings, token] = await Promise.all([readSettings(), readToken()]);
  if (!token) throw new NoTokenError();
  const until = await rateLimitedUntil();
  if (until > clock.now()) throw new RateLimitHoldError(until);
  const inner = createServiceClient({
    baseUrl: settings.serviceUrl,
    token,
    timeoutMs: settings.requestTimeoutSeconds * 1000,
    sendIdempotencyKeys: settings.sendIdempotencyKeys,
  });
  const guard =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const now = clock.now();
      if (knownHold() > now) throw new RateLimitHoldError(knownHold(), now);
      try {
        return await call(...args);
      } catch (error) {
        if (error instanceof RateLimitedError)
          await noteRateLimit(clock.now() + error.retryAfterMs);
        throw error;
      }
    };
  const client: ServiceClient = {
    createOrder: guard(inner.createOrder),
    getOrder: guard(inner.getOrder),
    listOrders: guard(inner.listOrders),
    abortOrder: guard(inner.abortOrder),
    cancelOrder: guard(inner.cancelOrder),
    getCancellation: guard(inner.getCancellation),
  };
  return { client, settings, sendsKeys: settings.sendIdempotencyKeys };
}
