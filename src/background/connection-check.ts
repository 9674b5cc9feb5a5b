import { OutcomeUnknownError, RateLimitedError, UnauthorizedError } from '../api/errors.ts';
import type { ConnectionCheck } from '../shared/protocol.ts';
import { type Gate, NoTokenError, openGate } from './service-gate.ts';
import { recordCheck } from './token-store.ts';

/**
 * "Test connection": one harmless call through the gate (the configured timeout; and
 * during a 429 hold nothing is sent: the page is told, kind `rate_limited`), and a
 * plain answer.
 */
export async function checkConnection(now = Date.now()): Promise<ConnectionCheck> {
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
