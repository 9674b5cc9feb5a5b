import type { CancellationResponse, ErrorResponse, OrderResponse } from './schemas/responses.ts';

/** The service's final word that the order (or cancellation) failed. */
type Failed = {
  state: 'failed';
  code: string;
  message: string;
  data: Record<string, unknown> | null;
  body: ErrorResponse;
};

/** An order's state as a status read (or an abort) reports it. */
export type OrderStatus =
  | { state: 'processing'; body: ErrorResponse }
  | { state: 'placed'; order: OrderResponse }
  | Failed;

export type CancellationStatus =
  | { state: 'processing'; body: ErrorResponse }
  | { state: 'attempting_to_cancel'; message: string; body: ErrorResponse }
  | { state: 'cancelled'; cancellation: CancellationResponse }
  | Failed;

/**
 * An element of `GET /v1/orders`, kept whole for the caller to find its references in;
 * one Buyline cannot read is kept too, so a sync can say what it skipped and why.
 */
export type ListedOrder =
  | { readable: true; body: OrderResponse | ErrorResponse; status: OrderStatus }
  | { readable: false; problem: string };

/** The request id an answer carries, at its top or in its `data`, if any. */
export function requestIdIn(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { request_id, data } = body as { request_id?: unknown; data?: { request_id?: unknown } };
  const found = request_id ?? (typeof data === 'object' && data !== null ? data.request_id : null);
  return typeof found === 'string' && found !== '' ? found : undefined;
}

/** The code of an error-shaped body (`_type: error`), read before the body is judged. */
export function codeOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { _type, code } = body as { _type?: unknown; code?: unknown };
  return _type === 'error' && typeof code === 'string' ? code : undefined;
}

/** Codes about the call rather than the order: these are thrown, never an outcome. */
export const CALL_ERROR_CODES: ReadonlySet<string> = new Set([
  'invalid_request_id',
  'invalid_request',
  'invalid_json',
  'invalid_client_token',
  'too_many_requests',
]);

/** An error-shaped outcome: still processing, or failed. */
function errorStatus(body: ErrorResponse): { state: 'processing'; body: ErrorResponse } | Failed {
  if (body.code === 'request_processing') return { state: 'processing', body };
  return {
    state: 'failed',
    code: body.code,
    message: body.message ?? '',
    data: body.data ?? null,
    body,
  };
}

export function orderStatusOf(body: OrderResponse | ErrorResponse): OrderStatus {
  return body._type === 'order_response' ? { state: 'placed', order: body } : errorStatus(body);
}

export function cancellationStatusOf(
  body: CancellationResponse | ErrorResponse,
): CancellationStatus {
  if (body._type === 'cancellation_response') return { state: 'cancelled', cancellation: body };
  if (body.code === 'attempting_to_cancel')
    return { state: 'attempting_to_cancel', message: body.message ?? '', body };
  return errorStatus(body);
}
