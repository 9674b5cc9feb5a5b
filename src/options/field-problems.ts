/**
 * The background's problems as the options page's forms show them, and where focus goes
 * after an action. A problem stays at its field until the field changes (then it speaks
 * of a value no longer there). Elements not focusable by nature (a heading, a message)
 * are made focusable by script only, so that Tab skips them.
 */
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { FieldProblem } from '../api/problems.ts';
import { failureOf } from '../ui/failure.ts';

const FOCUSABLE = 'input:not([type="hidden"]), select, textarea, button, a[href]';

/**
 * Focuses `element`, first making it focusable by script if it is not by nature; a group
 * or a form is reached through its first control.
 */
export function focusOn(element: Element | null | undefined): boolean {
  if (!(element instanceof HTMLElement)) return false;
  const target =
    element.matches(FOCUSABLE) || element.hasAttribute('tabindex')
      ? element
      : element.matches('fieldset, form')
        ? element.querySelector<HTMLElement>(FOCUSABLE)
        : element;
  if (!target) return false;
  if (!target.matches(FOCUSABLE) && !target.hasAttribute('tabindex'))
    target.setAttribute('tabindex', '-1');
  target.focus();
  return true;
}

/** A field marked invalid, or a problem no field shows. */
const PROBLEM = '[aria-invalid="true"], .error[role="alert"]';

/** Focuses the first problem under `root`. */
export const focusFirstProblem = (root: ParentNode | null | undefined): boolean =>
  focusOn(root?.querySelector(PROBLEM));

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

/**
 * The problems left once the values at `paths` changed: those at a path, inside it or
 * around it, and the whole form's, which speak about every field.
 */
export function withoutProblemsAt(
  problems: readonly FieldProblem[],
  paths: readonly string[],
): FieldProblem[] {
  const touches = (field: string, path: string) =>
    field === path || field.startsWith(`${path}.`) || path.startsWith(`${field}.`) || field === '';
  return problems.filter((problem) => !paths.some((path) => touches(problem.field, path)));
}

/** A failed call's problems, or its sentence as a problem of the whole form. */
export function problemsOf(error: unknown): FieldProblem[] {
  const failure = failureOf(error);
  return failure.problems.length > 0 ? failure.problems : [{ field: '', message: failure.message }];
}

/** `focusLater(find)` focuses what `find` answers once the page shows the change. */
export function useFocusLater() {
  const [find, setFind] = useState<{ at: () => Element | null | undefined }>();
  useLayoutEffect(() => void (find && focusOn(find.at())), [find]);
  return (at: () => Element | null | undefined) => setFind({ at });
}

/** A form's problems: `refuse` shows them and focuses the first, `stale` drops those at `paths`. */
export function useFieldProblems<E extends HTMLElement = HTMLDivElement>() {
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const focusLater = useFocusLater();
  const root = useRef<E>(null);
  return {
    problems,
    root,
    refuse: (refused: FieldProblem[]) => {
      setProblems(refused);
      focusLater(() => root.current?.querySelector(PROBLEM));
    },
    stale: (paths: readonly string[]) => setProblems((old) => withoutProblemsAt(old, paths)),
    clear: () => setProblems([]),
  };
}
