/**
 * What the client reads in an answer's body before judging it: the error code of an
 * error-shaped body, and the request id an answer carries. Pure.
 */

/** The newer API version's answer to a repeated idempotency key (decisions.md). */
export const ALREADY_EXISTS = 'already_exists';

/** The request id an answer carries, at its top or in its `data`, if any. */
export function requestIdIn(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { request_id, data } = body as { request_id?: unknown; data?: { request_id?: unknown } };
  const found = request_id ?? (typeof data === 'object' && data !== null ? data.request_id : null);
  return typeof found === 'string' && found !== '' ? found : undefined;
}

/** The code of an error-shaped body (`_type: error`), if it is one. */
export function codeOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { _type, code } = body as { _type?: unknown; code?: unknown };
  return _type === 'error' && typeof code === 'string' ? code : undefined;
}
