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

/**
 * "Test connection": one harmless call through the gate (the configured timeout; and
 * during a 429 hold nothing is sent: the page is told, kind `rate_limited`), and a
 * plain answer.
 */
export async function checkConnection(now = clock.now()): Promise<ConnectionCheck> {
  const at = now;
  let gate: Gate | undefined;
  try {
    gate = await openGate();
  } catch (error) {
    if (!(error instanceof NoTokenError)) throw error;
  }
  let check: ConnectionCheck;
  if (!gate) {
    check = {
      result: 'no_token',
      message: t('bg_connectionNoToken'),
      at,
    };
  } else {
    const { client, settings } = gate;
    try {
      await client.listOrders({ limit: 1 });
      check = {
        result: 'connected',
        message: t('bg_connectionConnected', settings.serviceUrl),
        at,
      };
    } catch (error) {
      if (error instanceof UnauthorizedError) {
        check = {
          result: 'token_rejected',
          message: t('bg_connectionTokenRejected'),
          at,
        };
      } else if (error instanceof RateLimitedError) {
        check = {
          result: 'connected',
          message: t('bg_connectionSlowDown', settings.serviceUrl),
          at,
        };
      } else if (
        error instanceof OutcomeUnknownError &&
        (error.reason === 'network' || error.reason === 'timeout')
      ) {
        const origin = new URL(settings.serviceUrl).origin;
        check = {
          result: 'not_reachable',
          message: (await mayReach(origin))
            ? t('bg_connectionNotReachable', settings.serviceUrl)
            : t('bg_connectionNotAllowed', origin),
          at,
        };
      } else {
        check = {
          result: 'not_the_service',
          message: t('bg_connectionNotTheService', settings.serviceUrl),
          at,
        };
      }
    }
  }
  await recordCheck(check);
  return check;
}
