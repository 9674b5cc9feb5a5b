/**
 * A problem the background found stays at its field until the field changes: then it
 * speaks about a value that is no longer there, and goes. Only the problems of what
 * changed go; the others still hold.
 */
import type { FieldProblem } from '../api/problems.ts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The dotted paths of the leaves that differ between two values (`gift.message`). */
export function changedPaths(before: unknown, after: unknown, at = ''): string[] {
  if (isRecord(before) && isRecord(after)) {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    return [...keys].flatMap((key) =>
      changedPaths(before[key], after[key], at === '' ? key : `${at}.${key}`),
    );
  }
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [at];
}

/** Whether a problem at `field` speaks about the value at `path` (or inside it, or around it). */
function touches(field: string, path: string): boolean {
  return (
    field === path ||
    field.startsWith(`${path}.`) ||
    path.startsWith(`${field}.`) ||
    // A problem of the whole object speaks about every field.
    (field === '' && path !== '')
  );
}

/** The problems left once the values at `paths` changed. */
export function withoutProblemsAt(
  problems: readonly FieldProblem[],
  paths: readonly string[],
): FieldProblem[] {
  if (paths.length === 0) return [...problems];
  return problems.filter((problem) => !paths.some((path) => touches(problem.field, path)));
}
