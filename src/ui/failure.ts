import type { FieldProblem } from '../api/problems.ts';
import { BackgroundError } from '../shared/messaging.ts';
import type { ErrorKind } from '../shared/protocol.ts';

/** What went wrong, as a view acts on it: its kind, the sentence to show, and where. */
export interface Failure {
  kind: ErrorKind;
  message: string;
  problems: FieldProblem[];
}

/** A BackgroundError keeps the kind the background gave it; anything else is internal. */
export function failureOf(error: unknown): Failure {
  if (error instanceof BackgroundError)
    return { kind: error.kind, message: error.message, problems: error.problems ?? [] };
  return {
    kind: 'internal',
    message: error instanceof Error ? error.message : String(error),
    problems: [],
  };
}

/** Kinds the user fixes on the options page: the token, or the vault. */
export const FIXED_IN_OPTIONS: readonly ErrorKind[] = ['no_token', 'unauthorized', 'vault_locked'];
