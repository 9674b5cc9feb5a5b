import { OutcomeUnknownError, RateLimitedError, UnauthorizedError } from '../api/errors.ts';
import { browser } from '../shared/browser.ts';
import { t } from '../shared/i18n.ts';
import type { ConnectionCheck } from '../shared/protocol.ts';
import { isLocalOrigin } from '../shared/service-address.ts';
import { clock } from './clock.ts';
import { type Gate, NoTokenError, openGate } from './service-gate.ts';
import { recordCheck } from './token-store.ts';

/**
 * Whether the browser lets Buyline reach this origin. The user grants it when saving
 * the address, and may withdraw it later (Firefox lists it in about:addons, where a
 * click takes it back); a request to an origin not allowed fails like a network error,
 * so a failed check asks. Addresses on this machine are in the manifest's
 * host_permissions, always allowed. If the browser cannot say, the ordinary sentence
 * is given.
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
 * "Test connection": one harmless call through the gate (the configured timeout; and
 * during a 429 hold nothing is sent: the page is told, kind `rate_limited`), and a
 * plain answer.
 */
export async function checkConnection(now = clock.now()): Promise<ConnectionCheck> {
  let gate: Gate | undefined;
  try {
    gate = await openGate();
  } catch (error) {
    if (!(error instanceof NoTokenError)) throw error;
  }
  let found: Omit<ConnectionCheck, 'at'>;
  if (!gate) found = { result: 'no_token', message: t('bg_connectionNoToken') };
  else {
    const { serviceUrl } = gate.settings;
    try {
      await gate.client.listOrders({ limit: 1 });
      found = { result: 'connected', message: t('bg_connectionConnected', serviceUrl) };
    } catch (error) {
      found = await failedCheck(error, serviceUrl);
    }
  }
  const check = { ...found, at: now };
  await recordCheck(check);
  return check;
}
