/**
 * The token of a request, from `Authorization: Basic base64(token + ":")`, or
 * undefined when the header is missing or malformed. The password must be empty, as
 * the spec says it is left blank; a request that sends one is refused like a wrong
 * token, so a client that misplaces the token finds out at once.
 */
export function tokenOf(header: string | undefined): string | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match?.[1]) return undefined;
  let decoded: string;
  try {
    decoded = new TextDecoder('utf-8', { fatal: true }).decode(
      Uint8Array.from(atob(match[1]), (char) => char.charCodeAt(0)),
    );
  } catch {
    return undefined;
  }
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  if (decoded.slice(colon + 1) !== '') return undefined;
  return decoded.slice(0, colon);
}
