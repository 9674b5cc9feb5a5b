/**
 * THE gate every request to the service goes through: one client built from the settings
 * and the stored token, which sends nothing during a 429 hold and starts one on every 429.
 */
import { createServiceClient, type ServiceClient } from '../../api/client.ts';
import { OutcomeUnknownError, RateLimitedError, UnauthorizedError } from '../../api/errors.ts';
import { browser } from '../../shared/browser.ts';
import { t } from '../../shared/i18n.ts';
import type { ConnectionCheck } from '../../shared/protocol.ts';
import { isLocalOrigin } from '../../shared/service-address.ts';
import type { Settings } from '../../shared/settings.ts';
import { STORED_KEYS } from '../../shared/stored-keys.ts';
import { clock } from '../clock.ts';
import { readToken, recordCheck } from '../keys/token-store.ts';
import { UserFacingError } from '../pages/user-errors.ts';
import { readSettings } from '../settings-store.ts';

const { area, key } = STORED_KEYS.rateLimitedUntil;

// The hold as this worker last read or noted it: each call through the gate checks this
// copy, so a round of 1,000 calls does not read storage 1,000 times.
let known = 0;

/** The stored hold: no request goes out before it (unix ms). */
export async function rateLimitedUntil(): Promise<number> {
  const value = (await browser.storage[area].get(key))[key];
  known = typeof value === 'number' ? value : 0;
  return known;
}

/** Raised when a call needs the service but no token is set. */
export class NoTokenError extends UserFacingError {
  constructor() {
    super(t('bg_noServiceToken'), 'no_token');
  }
}

/** Raised instead of sending anything while the service's Retry-After has not passed. */
export class RateLimitHoldError extends UserFacingError {
  constructor(
    readonly until: number,
    now = clock.now(),
  ) {
    const seconds = Math.max(1, Math.ceil((until - now) / 1000));
    const message = t(seconds === 1 ? 'bg_rateLimitHoldOne' : 'bg_rateLimitHoldMany', seconds);
    super(message, 'rate_limited');
  }
}

export interface Gate {
  client: ServiceClient;
  settings: Settings;
  /** Whether POSTs carry an idempotency key, which is what makes a resend safe. */
  sendsKeys: boolean;
}

/**
 * Opens the gate (NoTokenError, RateLimitHoldError): a client each of whose calls checks
 * the hold again (a 429 met by one call of a round stops the others).
 */
export async function openGate(): Promise<Gate> {
  // Settings, token and hold are read at once: a wake's first poll waits on the slowest.
  const read = readSettings();
  const [settings, token, until] = await Promise.all([
    read,
    readToken(clock.now(), read),
    rateLimitedUntil(),
  ]);
  if (!token) throw new NoTokenError();
  if (until > clock.now()) throw new RateLimitHoldError(until);
  const inner = createServiceClient({
    baseUrl: settings.serviceUrl,
    token,
    timeoutMs: settings.requestTimeoutSeconds * 1000,
    sendIdempotencyKeys: settings.sendIdempotencyKeys,
  });
  const guarded = Object.entries(inner).map(([name, call]: [string, Call]) => {
    const guard: Call = async (...args) => {
      const now = clock.now();
      if (known > now) throw new RateLimitHoldError(known, now);
      try {
        return await call(...args);
      } catch (error) {
        if (!(error instanceof RateLimitedError)) throw error;
        // The service asked us to wait: a later hold stored by another call stands.
        const until = clock.now() + error.retryAfterMs;
        const current = await rateLimitedUntil();
        known = Math.max(current, until);
        if (until > current) await browser.storage[area].set({ [key]: until });
        throw error;
      }
    };
    return [name, guard];
  });
  const client = Object.fromEntries(guarded) as ServiceClient;
  return { client, settings, sendsKeys: settings.sendIdempotencyKeys };
}

type Call = (...args: unknown[]) => Promise<unknown>;

/**
 * Whether the browser lets Buyline reach this origin (the user may withdraw the grant, and
 * a refused request fails like a network error); if it cannot say, yes.
 */
async function mayReach(origin: string): Promise<boolean> {
  if (isLocalOrigin(origin)) return true;
  try {
    return await browser.permissions.contains({ origins: [`${origin}/*`] });
  } catch {
    return true;
  }
}

/** What a failed call of the check says about the connection. */
async function failedCheck(
  error: unknown,
  serviceUrl: string,
): Promise<Omit<ConnectionCheck, 'at'>> {
  if (error instanceof UnauthorizedError)
    return { result: 'token_rejected', message: t('bg_connectionTokenRejected') };
  if (error instanceof RateLimitedError)
    return { result: 'connected', message: t('bg_connectionSlowDown', serviceUrl) };
  if (
    error instanceof OutcomeUnknownError &&
    (error.reason === 'network' || error.reason === 'timeout')
  ) {
    const origin = new URL(serviceUrl).origin;
    const message = (await mayReach(origin))
      ? t('bg_connectionNotReachable', serviceUrl)
      : t('bg_connectionNotAllowed', origin);
    return { result: 'not_reachable', message };
  }
  return { result: 'not_the_service', message: t('bg_connectionNotTheService', serviceUrl) };
}

/**
 * "Test connection": one harmless call through the gate (nothing is sent during a 429
 * hold), with a plain answer kept as the token's last check.
 */
export async function checkConnection(now = clock.now()): Promise<ConnectionCheck> {
  const gate = await openGate().catch((error: unknown) => {
    if (error instanceof NoTokenError) return undefined;
    throw error;
  });
  const serviceUrl = gate?.settings.serviceUrl ?? '';
  const found: Omit<ConnectionCheck, 'at'> = !gate
    ? { result: 'no_token', message: t('bg_connectionNoToken') }
    : await gate.client.listOrders({ limit: 1 }).then(
        () => ({ result: 'connected', message: t('bg_connectionConnected', serviceUrl) }),
        (error: unknown) => failedCheck(error, serviceUrl),
      );
  const check = { ...found, at: now };
  await recordCheck(check);
  return check;
}
