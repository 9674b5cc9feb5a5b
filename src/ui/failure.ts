import { BackgroundError } from '../shared/messaging.ts';
import type { ErrorKind } from '../shared/protocol.ts';

/**
 * What went wrong, as a view acts on it: its kind, the sentence to show, and where. A
 * BackgroundError keeps the kind the background gave it; anything else is internal.
 */
export function failureOf(error: unknown) {
  if (error instanceof BackgroundError)
    return { kind: error.kind, message: error.message, problems: error.problems ?? [] };
  const message = error instanceof Error ? error.message : String(error);
  return { kind: 'internal' as const, message, problems: [] };
}

/** Kinds the user fixes on the options page: the token, or the vault. */
export const FIXED_IN_OPTIONS: readonly ErrorKind[] = ['no_token', 'unauthorized', 'vault_locked'];
