import type { FieldProblem } from '../api/problems.ts';

/**
 * The problem to show at one control, worded with the control's label instead of the
 * setting's inner name: "Max price tolerance (%) must be 100 or less." A problem of a
 * field inside the given one (`managed.discount` under `managed`) is shown as it came.
 */
export function problemAt(
  problems: readonly FieldProblem[],
  field: string,
  label: string,
): string | undefined {
  const problem = problems.find(
    (candidate) => candidate.field === field || candidate.field.startsWith(`${field}.`),
  );
  if (!problem) return undefined;
  // Only the control's own field is renamed; a field inside it keeps its own name.
  const prefix = `${field} `;
  return problem.field === field && problem.message.startsWith(prefix)
    ? `${label} ${problem.message.slice(prefix.length)}`
    : problem.message;
}

/** What went wrong, in the words the background chose (a BackgroundError's), or the error's own. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The problems a background refusal (a BackgroundError) carries, or one for the whole form. */
export function problemsOf(error: unknown): FieldProblem[] {
  const problems = error instanceof Error && 'problems' in error ? error.problems : undefined;
  return Array.isArray(problems) && problems.length > 0
    ? (problems as FieldProblem[])
    : [{ field: '', message: errorText(error) }];
}
