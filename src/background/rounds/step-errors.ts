/**
 * What a failed service call means for an order or a cancellation: an outcome that may
 * have happened (a POST to resend under the same key), a refusal (nothing happened),
 * or transient trouble with its retry rule.
 */
import {
  AlreadyExistsError,
  RateLimitedError,
  ServiceApiError,
  ServiceError,
  UnauthorizedError,
} from '../../api/errors.ts';
import type { Failure } from '../../shared/order-record.ts';
import { clock } from '../clock.ts';
import { type PostEvent, type Trouble, toFailure } from '../order-life/life-change.ts';
import { RateLimitHoldError } from './service-gate.ts';

export type Meaning =
  | { kind: 'trouble'; trouble: Trouble; error: string; retryAfterMs?: number }
  | { kind: 'unknown'; error: string }
  /** A POST answered `already_exists`: accepted before, its answer lost. */
  | { kind: 'already_exists'; error: string; requestId?: string | undefined }
  | { kind: 'refused'; failure: Failure };

export function meaningOf(error: unknown, now = clock.now()): Meaning {
  const message =
    error instanceof ServiceApiError || error instanceof RateLimitHoldError
      ? error.userMessage
      : error instanceof Error
        ? error.message
        : String(error);
  if (error instanceof RateLimitHoldError || error instanceof RateLimitedError) {
    const retryAfterMs =
      error instanceof RateLimitedError ? error.retryAfterMs : Math.max(0, error.until - now);
    return { kind: 'trouble', trouble: 'rate_limited', error: message, retryAfterMs };
  }
  if (error instanceof UnauthorizedError)
    return { kind: 'trouble', trouble: 'unauthorized', error: message };
  if (error instanceof AlreadyExistsError)
    return { kind: 'already_exists', error: message, requestId: error.requestId };
  if (error instanceof ServiceApiError && error.mayHaveTakenEffect)
    return { kind: 'unknown', error: message };
  if (error instanceof ServiceError)
    return { kind: 'refused', failure: toFailure(error.code, error.serviceMessage, error.data) };
  // No answer to a read, an answer not understood, or trouble of our own: retried.
  return { kind: 'trouble', trouble: 'failed_read', error: message };
}

/**
 * A POST's failure as the event it is. An unknown outcome is never a failure: the
 * POST is resent under the same key (`resendable`: it carries an idempotency key).
 */
export function postFailed(meaning: Meaning, resendable: boolean): PostEvent {
  if (meaning.kind === 'unknown') return { type: 'post_unknown', error: meaning.error, resendable };
  if (meaning.kind === 'refused') return { type: 'post_refused', failure: meaning.failure };
  if (meaning.kind === 'trouble') return { type: 'waited', ...meaning };
  return { type: 'post_already_exists', requestId: meaning.requestId };
}

/** A read that failed, as the event it is: a wait under its trouble's retry rule. */
export function readFailed(
  error: unknown,
  now: number,
): { type: 'waited'; trouble: Trouble; error: string; retryAfterMs?: number } {
  const meaning = meaningOf(error, now);
  if (meaning.kind === 'trouble') return { type: 'waited', ...meaning };
  const said = 'failure' in meaning ? meaning.failure.title : meaning.error;
  return { type: 'waited', trouble: 'failed_read', error: said };
}
