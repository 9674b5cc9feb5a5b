import { type ErrorBody, errorBody } from './error-body.ts';

/**
 * How the sandbox answers an order or cancellation POST that repeats an idempotency
 * key already used with the same body: `replay` gives the first answer again (the
 * spec); `already_exists` answers 409 with code already_exists and the first answer's
 * request_id, as the service's newer API version does; `already_exists_without_id`
 * the same without the request id, so that a client must find the request again
 * another way (its reference in client_notes, through GET /v1/orders).
 */
export const REPEATED_KEY_ANSWERS = [
  'replay',
  'already_exists',
  'already_exists_without_id',
] as const;
export type RepeatedKeyAnswer = (typeof REPEATED_KEY_ANSWERS)[number];

export function alreadyExists(
  first: unknown,
  request: Record<string, unknown> | undefined,
  answer: Exclude<RepeatedKeyAnswer, 'replay'>,
): ErrorBody {
  const requestId =
    answer === 'already_exists' && typeof first === 'object' && first !== null
      ? (first as { request_id?: unknown }).request_id
      : undefined;
  return {
    ...errorBody(
      'already_exists',
      'A request with this idempotency_key was already accepted: this one was not carried out again.',
      { request },
    ),
    ...(typeof requestId === 'string' ? { request_id: requestId } : {}),
  };
}
