import { explainErrorCode } from '../../api/error-messages.ts';
import type { Failure } from '../../shared/order-record.ts';

/** A failure as stored and shown: the service's words plus what the user can change. */
export function toFailure(
  code: string,
  message: string | undefined,
  data?: Record<string, unknown> | null,
): Failure {
  const { title, fix } = explainErrorCode(code, message);
  return { code, message: message ?? '', data: data ?? null, title, fix };
}
