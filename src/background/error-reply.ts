import { ServiceApiError } from '../api/errors.ts';
import { t } from '../shared/i18n.ts';
import type { ErrorKind, ReplyError } from '../shared/protocol.ts';
import { NotFoundError } from './not-found.ts';
import { OrderLifeRefusal } from './order-life/refusal.ts';
import { NoTokenError, RateLimitHoldError } from './service-gate.ts';
import { SettingsError } from './settings-store.ts';
import { VaultError } from './vault/vault-errors.ts';

const KIND_OF_API_ERROR: Record<ServiceApiError['kind'], ErrorKind> = {
  service: 'service',
  unauthorized: 'unauthorized',
  rate_limited: 'rate_limited',
  invalid_response: 'service',
  outcome_unknown: 'unreachable',
  request_invalid: 'invalid',
};

/**
 * Turns whatever a handler threw into the reply a page gets: its kind (so the page
 * can react without reading the sentence), the sentence to show, and, for input
 * problems, where they are.
 */
export function errorReply(error: unknown): ReplyError {
  if (error instanceof ServiceApiError) {
    const problems = 'problems' in error ? (error.problems as ReplyError['problems']) : undefined;
    return {
      kind: KIND_OF_API_ERROR[error.kind],
      message: error.userMessage,
      ...(problems && error.kind === 'request_invalid' ? { problems } : {}),
    };
  }
  if (error instanceof SettingsError)
    return { kind: 'invalid', message: error.message, problems: error.problems };
  if (error instanceof VaultError)
    return { kind: error.locked ? 'vault_locked' : 'invalid', message: error.userMessage };
  if (error instanceof NoTokenError) return { kind: 'no_token', message: error.userMessage };
  // A user action during a 429 hold: nothing was sent.
  if (error instanceof RateLimitHoldError)
    return { kind: 'rate_limited', message: error.userMessage };
  // What the order's life refuses (undo a sent order, cancel one still processing…).
  if (error instanceof OrderLifeRefusal) return { kind: 'invalid', message: error.userMessage };
  // An order or a batch that is gone (BatchNotFoundError, OrderNotFoundError).
  if (error instanceof NotFoundError) return { kind: 'not_found', message: error.userMessage };
  if (error instanceof Error && 'userMessage' in error && typeof error.userMessage === 'string')
    return { kind: 'internal', message: error.userMessage };
  return {
    kind: 'internal',
    message: error instanceof Error ? error.message : t('bg_somethingWentWrong'),
  };
}
