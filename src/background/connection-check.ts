import { createServiceClient } from '../api/client.ts';
import { OutcomeUnknownError, RateLimitedError, UnauthorizedError } from '../api/errors.ts';
import type { ConnectionCheck } from '../shared/protocol.ts';
import { readSettings } from './settings-store.ts';
import { readToken, recordCheck } from './token-store.ts';

/** "Test connection": one harmless call, and a plain answer. */
export async function checkConnection(now = Date.now()): Promise<ConnectionCheck> {
  const [settings, token] = await Promise.all([readSettings(), readToken()]);
  const at = now;
  let check: ConnectionCheck;
  if (!token) {
    check = {
      result: 'no_token',
      message: 'No token is set: add the token your service gave you.',
      at,
    };
  } else {
    const client = createServiceClient({ baseUrl: settings.serviceUrl, token, timeoutMs: 10_000 });
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
        check = {
          result: 'not_reachable',
          message: `${settings.serviceUrl} is not reachable: check the address and that the service is running.`,
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
