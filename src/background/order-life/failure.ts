import { explainErrorCode } from '../../api/error-messages.ts';
import type { Failure } from '../../shared/order-record.ts';

/**
 * Final failures after which the order may exist at the retailer all the same: the
 * buyer must look there before ordering again (decisions.md, "Error codes":
 * `order_probably_placed` means the user must check the retailer before placing
 * again; a `duplicate_order` means an earlier one exists). `not_confirmed` is Buyline's
 * own: an order it could not confirm with the service for a day.
 *
 * `internal_error` is deliberately not here. decisions.md says it "is safe to retry
 * (with backoff)", and Buyline reads that in the two places it can meet the code:
 * - in a 5xx answer (whatever its code): to a POST, the outcome is unknown, and the
 *   POST is resent under the same idempotency key with backoff (timing.ts,
 *   `unknown_post`), which can never place a second order; to a GET, the read failed
 *   and is made again with backoff (`failed_read`);
 * - as an order's outcome read by GET /v1/orders/{id} (a 200 error body, not
 *   `request_processing`), it is the service's final word that the order failed on
 *   its side; a final outcome no longer changes, so reading again would not help.
 *   "Safe to retry" then means that placing the order again is safe: nothing was
 *   placed. The order is failed, without `needsCheck`, and the buyer may place it
 *   again; Buyline never places a second order by itself.
 */
export const NEEDS_CHECK_CODES: ReadonlySet<string> = new Set([
  'order_probably_placed',
  'duplicate_order',
  'not_confirmed',
]);

/** A failure as stored and shown: the service's words plus what the user can change. */
export function toFailure(
  code: string,
  message: string | undefined,
  data?: Record<string, unknown> | null,
): Failure {
  const { title, fix } = explainErrorCode(code, message);
  return {
    code,
    message: message ?? '',
    data: data ?? null,
    title,
    fix,
    ...(NEEDS_CHECK_CODES.has(code) ? { needsCheck: true as const } : {}),
  };
}
