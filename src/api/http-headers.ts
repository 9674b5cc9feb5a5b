/** The two headers the client writes and reads itself: Basic credentials and Retry-After. */

const DEFAULT_RETRY_AFTER_MS = 5_000;

/** Basic credentials: the token as user name, an empty password, UTF-8 encoded. */
export function basicAuthorization(token: string): string {
  const bytes = new TextEncoder().encode(`${token}:`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

/** Retry-After as delta seconds or an HTTP date; a sane default otherwise. */
export function parseRetryAfter(value: string | null, now = Date.now()): number {
  if (value === null || value.trim() === '') return DEFAULT_RETRY_AFTER_MS;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? DEFAULT_RETRY_AFTER_MS : Math.max(0, at - now);
}
