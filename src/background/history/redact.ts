/**
 * Secrets must never be stored: card numbers, security codes, retailer passwords and
 * 2FA keys are replaced wherever they appear, in a request we send and in every
 * `request` the service echoes back. A card keeps its last four digits, for the user.
 */

export const REDACTED = '[redacted]';

const SECRET_KEYS = new Set(['security_code', 'password', 'totp_2fa_key']);

function maskCardNumber(value: unknown): unknown {
  if (typeof value !== 'string' && typeof value !== 'number') return REDACTED;
  const digits = String(value).replace(/\D/g, '');
  return digits.length >= 4 ? `•••• ${digits.slice(-4)}` : REDACTED;
}

/** A deep copy with every secret replaced, and webhook addresses too when they leave. */
function redact(value: unknown, parentKey: string | undefined, leaving: boolean): unknown {
  if (Array.isArray(value)) return value.map((item) => redact(item, parentKey, leaving));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (SECRET_KEYS.has(key)) out[key] = REDACTED;
    else if (key === 'number' && parentKey === 'payment_method') out[key] = maskCardNumber(inner);
    else if (leaving && key === 'webhooks' && typeof inner === 'object' && inner !== null)
      out[key] = Object.fromEntries(Object.keys(inner).map((name) => [name, REDACTED]));
    else out[key] = redact(inner, key, leaving);
  }
  return out;
}

/** A deep copy with every secret replaced; everything else, unknown fields included, kept. */
export function redactSecrets<T>(value: T): T {
  return redact(value, undefined, false) as T;
}

/**
 * For a file that leaves the device: the webhook addresses sent with each request are
 * replaced too, since such an address often carries a secret in its path or query.
 */
export function redactForExport<T>(value: T): T {
  return redact(value, undefined, true) as T;
}
