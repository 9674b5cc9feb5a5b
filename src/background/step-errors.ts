/**
 * What a failed service call means for an order or a cancellation: an outcome that may
 * have happened (a POST to resend under the same key), a refusal (nothing happened,
 * and resending would be refused again), or transient trouble with its retry rule.
 */

import {
  AlreadyExistsError,
  RateLimitedError,
  ServiceApiError,
  ServiceError,
  UnauthorizedError,
} from '../api/errors.ts';
import type { Failure } from '../shared/order-record.ts';
import { clock } from './clock.ts';
import { toFailure } from './order-life/failure.ts';
import type { Trouble } from './order-life/order-changes.ts';
import { RateLimitHoldError } from './service-gate.ts';

export function describeError(error: unknown): string {
  if (error instanceof ServiceApiError || error instanceof RateLimitHoldError)
    return error.userMessage;
  return error instanceof Error ? error.message : String(error);
}

export type Meaning =
  | { kind: 'trouble'; trouble: Trouble; error: string; retryAfterMs?: number }
  | { kind: 'unknown'; error: string }
  /** A POST answered `already_exists`: accepted before, its answer lost. */
  | { kind: 'already_exists'; error: string; requestId?: string | undefined }
  | { kind: 'refused'; failure: Failure };

/** The meaning of an error thrown by a call of the gate's client. */
export function meaningOf(error: unknown, now = clock.now()): Meaning {
  const message = describeError(error);
  if (error instanceof RateLimitHoldError)
    return {
      kind: 'trouble',
      trouble: 'rate_limited',
      error: message,
      retryAfterMs: Math.max(0, error.until - now),
    };
  if (error instanceof RateLimitedError)
    return {
      kind: 'trouble',
      trouble: 'rate_limited',
      error: message,
      retryAfterMs: error.retryAfterMs,
    };
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

/** A read that failed, as the event it is: trouble with its retry rule, anything else a failed read. */
export function readFailed(
  error: unknown,
  now: number,
): { type: 'waited'; trouble: Trouble; error: string; retryAfterMs?: number } {
  const meaning = meaningOf(error, now);
  if (meaning.kind === 'trouble') return { type: 'waited', ...meaning };
  const said = 'failure' in meaning ? meaning.failure.title : meaning.error;
  return { type: 'waited', trouble: 'failed_read', error: said };
}
