import type { PlacementResult } from './types.ts';

export type Failure = Extract<PlacementResult, { kind: 'failed' }>;

/** A failed placement; `data` always carries `msg`, as the spec's error response does. */
export function fail(code: string, message: string, data: Record<string, unknown> = {}): Failure {
  return { kind: 'failed', code, message, data: { msg: message, ...data } };
}

export function isFailure(value: unknown): value is Failure {
  return (
    typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'failed'
  );
}
