import { t } from '../shared/i18n.ts';
import type { FieldProblem } from './problems.ts';

export type ApiErrorKind =
  | 'service'
  | 'unauthorized'
  | 'rate_limited'
  | 'invalid_response'
  | 'outcome_unknown'
  | 'request_invalid';

/**
 * Every failure of a service call. `userMessage` says what to do; `mayHaveTakenEffect`
 * is true when a POST may have been carried out although we did not learn so, which
 * is never to be reported as a failure.
 */
export abstract class ServiceApiError extends Error {
  abstract readonly kind: ApiErrorKind;
  abstract readonly userMessage: string;

  constructor(
    message: string,
    readonly method: string,
    readonly path: string,
    readonly mayHaveTakenEffect = false,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The service answered with an error about the call itself. */
export class ServiceError extends ServiceApiError {
  readonly kind = 'service';
  readonly userMessage: string;
  constructor(
    method: string,
    path: string,
    readonly status: number,
    readonly code: string,
    readonly serviceMessage: string,
    readonly data: Record<string, unknown> | null,
    readonly body: unknown,
  ) {
    super(`${method} ${path}: ${status} ${code}: ${serviceMessage}`, method, path);
    this.userMessage = serviceMessage
      ? t('api_serviceRefusedSaying', serviceMessage)
      : t('api_serviceRefusedCode', code);
  }
}

/**
 * A POST answered `already_exists` (the newer API version's answer to a repeated
 * idempotency key): the service has the request, only its first answer is lost. Never a
 * failure (decisions.md, "Duplicate protection"); `requestId` when the answer has one.
 */
export class AlreadyExistsError extends ServiceError {
  override readonly mayHaveTakenEffect = true;
  override readonly userMessage = t('api_alreadyExists');
  constructor(
    path: string,
    status: number,
    readonly requestId: string | undefined,
    body: unknown,
  ) {
    super('POST', path, status, 'already_exists', '', null, body);
  }
}

export class UnauthorizedError extends ServiceApiError {
  readonly kind = 'unauthorized';
  readonly userMessage = t('api_tokenRejected');
  constructor(
    method: string,
    path: string,
    readonly status: number,
  ) {
    super(`${method} ${path}: the service rejected the token (${status})`, method, path);
  }
}

export class RateLimitedError extends ServiceApiError {
  readonly kind = 'rate_limited';
  readonly userMessage: string;
  constructor(
    method: string,
    path: string,
    readonly retryAfterMs: number,
  ) {
    super(`${method} ${path}: rate limited, retry after ${retryAfterMs} ms`, method, path);
    this.userMessage = t('api_rateLimited', Math.ceil(retryAfterMs / 1000));
  }
}

export class InvalidResponseError extends ServiceApiError {
  readonly kind = 'invalid_response';
  readonly userMessage = t('api_answerNotUnderstood');
  constructor(
    method: string,
    path: string,
    readonly problems: FieldProblem[],
    readonly body: unknown,
  ) {
    super(
      `${method} ${path}: unexpected answer: ${problems.map((problem) => problem.message).join(' ')}`,
      method,
      path,
      method === 'POST',
    );
  }
}

export type UnknownReason = 'network' | 'timeout' | 'server_error' | 'unreadable_body' | 'aborted';

export class OutcomeUnknownError extends ServiceApiError {
  readonly kind = 'outcome_unknown';
  readonly userMessage: string;
  constructor(
    method: string,
    path: string,
    readonly reason: UnknownReason,
    readonly status?: number,
    readonly code?: string,
  ) {
    super(
      `${method} ${path}: outcome unknown (${reason}${status ? ` ${status}` : ''})`,
      method,
      path,
      method === 'POST',
    );
    this.userMessage =
      reason === 'network'
        ? t('api_notReached')
        : reason === 'timeout'
          ? t('api_noAnswerInTime')
          : t('api_troubleAnswering');
  }
}
