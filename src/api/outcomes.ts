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
 * An element of `GET /v1/orders`. The spec lists order responses, which carry neither
 * a request id nor a creation time: the body is kept whole (unknown fields included)
 * for the caller to find its references in. An element that is not a body Buyline can
 * read is kept too, so that a sync can say what it skipped and why.
 */
export type ListedOrder =
  | { readable: true; body: OrderResponse | ErrorResponse; status: OrderStatus }
  | { readable: false; problem: string };

/** Codes about the call rather than the order: these are thrown, never an outcome. */
export const CALL_ERROR_CODES = new Set([
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
