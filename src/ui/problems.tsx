/**
 * Problems the background found in what a form sent, shown at the fields that claim
 * them. Each field declares the problem keys it shows (`max_price`, `webhooks.case_updated`);
 * whatever no field on screen claims is listed by <UnplacedProblems />, so a problem is
 * never lost and no list of field names has to be kept beside the form.
 */
import { type ComponentChildren, createContext } from 'preact';
import { useContext, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { FieldProblem } from '../api/problems.ts';
import { plainly, plainProblem } from './problem-wording.ts';

interface Board {
  problems: readonly FieldProblem[];
  claim(keys: readonly string[]): () => void;
  claimed(field: string): boolean;
}

const BoardContext = createContext<Board | undefined>(undefined);

/** A key shows the problems of its field and of the fields inside it. */
export function keyShows(key: string, field: string): boolean {
  return field === key || field.startsWith(`${key}.`);
}

/**
 * The problem's sentence worded with the control's label: "max_price must be a number."
 * at "Maximum price (USD)" reads "Maximum price (USD) must be a number.", and a sentence
 * in the API's terms is said plainly ("Maximum price can't be negative.", see
 * problem-wording.ts). A problem of a field inside the key keeps its own words.
 */
export function wordedAt(problem: FieldProblem, key: string, label: string): string {
  const prefix = `${key} `;
  if (problem.field !== key || !problem.message.startsWith(prefix)) return problem.message;
  const rest = problem.message.slice(prefix.length);
  // A rule that already names the field as its label does keeps its own words.
  return rest.startsWith(`${label} `) ? rest : plainly(label, rest);
}

/** Problems whose fields sit under `prefix` (`item.`), as if the prefix were not there. */
export function within(problems: readonly FieldProblem[], prefix: string): FieldProblem[] {
  return problems.flatMap((problem) =>
    problem.field.startsWith(prefix)
      ? [
          {
            field: problem.field.slice(prefix.length),
            message: problem.message.startsWith(prefix)
              ? problem.message.slice(prefix.length)
              : problem.message,
          },
        ]
      : [],
  );
}

export function ProblemsProvider(props: {
  problems: readonly FieldProblem[];
  children: ComponentChildren;
}) {
  const claims = useRef(new Map<number, readonly string[]>());
  const next = useRef(0);
  // Bumped when fields come and go, so the unplaced list is drawn again.
  const [version, setVersion] = useState(0);
  const board = useMemo<Board>(
    () => ({
      problems: props.problems,
      claim(keys) {
        const id = next.current++;
        claims.current.set(id, keys);
        setVersion((count) => count + 1);
        return () => {
          claims.current.delete(id);
          setVersion((count) => count + 1);
        };
      },
      claimed: (field) =>
        [...claims.current.values()].some((keys) => keys.some((key) => keyShows(key, field))),
    }),
    [props.problems, version],
  );
  return <BoardContext.Provider value={board}>{props.children}</BoardContext.Provider>;
}

/**
 * The message a field shows: its own `error` first, else the first problem under one
 * of its keys, worded with its label (or replaced by `instead`, a sentence in the
 * form's own terms). Declaring the keys is what keeps those problems off the unplaced list.
 */
export function useFieldProblem(
  keys: readonly string[] | undefined,
  label: string,
  instead?: string,
): string | undefined {
  const board = useContext(BoardContext);
  const joined = keys?.join('\n') ?? '';
  useLayoutEffect(() => (board && joined ? board.claim(joined.split('\n')) : undefined), [joined]);
  if (!board || !keys) return undefined;
  for (const key of keys) {
    const problem = board.problems.find((candidate) => keyShows(key, candidate.field));
    if (problem) return instead ?? wordedAt(problem, key, label);
  }
  return undefined;
}

/** Every problem no field on screen shows, its field named in words where it is known. */
export function UnplacedProblems() {
  const board = useContext(BoardContext);
  const unplaced = board?.problems.filter((problem) => !board.claimed(problem.field)) ?? [];
  return (
    <>
      {unplaced.map((problem) => (
        <p key={`${problem.field}:${problem.message}`} class="error" role="alert" tabIndex={-1}>
          {plainProblem(problem)}
        </p>
      ))}
    </>
  );
}

/** How many of the problems are shown at fields (for a "correct the fields marked" line). */
export function usePlacedCount(): number {
  const board = useContext(BoardContext);
  return board?.problems.filter((problem) => board.claimed(problem.field)).length ?? 0;
}
