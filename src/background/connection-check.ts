import { OutcomeUnknownError, RateLimitedError, UnauthorizedError } from '../api/errors.ts';
import { browser } from '../shared/browser.ts';
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
      message: 'No token is set: add the token your service gave you.',
      at,
    };
  } else {
    const { client, settings } = gate;
    try {
      await client.listOrders({ limit: 1 });
      check = { result: 'connected', message: `Connected to ${settings.serviceUrl}.`, at };
    } catch (error) {
      if (error instanceof UnauthorizedError) {
        check = {
          result: 'token_rejected',
          message: 'Token rejected: check it and enter it again.',
          at,
        };
      } else if (error instanceof RateLimitedError) {
        check = {
          result: 'connected',
          message: `Connected to ${settings.serviceUrl} (it asks us to slow down).`,
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
            ? `${settings.serviceUrl} is not reachable: check the address and that the service is running.`
            : `Buyline is not allowed to reach ${origin}: save the service address again and choose Allow (in Firefox: about:addons → Buyline → Permissions).`,
          at,
        };
      } else {
        check = {
          result: 'not_the_service',
          message: `${settings.serviceUrl} answered, but not as the order service does: check the address.`,
          at,
        };
      }
    }
  }
  await recordCheck(check);
  return check;
}
