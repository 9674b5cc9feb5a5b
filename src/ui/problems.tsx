/**
 * Problems the background found in what a form sent, shown at the fields that claim them
 * by key (`max_price`, `webhooks.case_updated`); <UnplacedProblems /> lists the rest, so a
 * problem is never lost and no list of field names is kept beside the form.
 *
 * The background names a field by its API path ("max_price must not be negative."), a page
 * by its label ("Maximum price can't be negative."). Sentences in the API's own terms
 * (cents, addax, "is required: add it") are reworded, keyed by what they say; any other
 * keeps its words after the label.
 */
import { type ComponentChildren, createContext } from 'preact';
import { useContext, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { FieldProblem } from '../api/problems.ts';
import { type MessageKey, t } from '../shared/i18n.ts';
import { Alerts } from './error-text.tsx';

/** What the rest of a sentence says (after the field's path), and how to say it plainly. */
const PLAIN: readonly (readonly [RegExp, MessageKey])[] = [
  [/^must not be negative/, 'popup_pNegative'],
  [/^must be a whole number of at least 1/, 'popup_pAtLeast1'],
  [/^is required for a managed/, 'popup_pManagedNeeds'],
  [/^is required when ordering with your own/, 'popup_pOwnNeeds'],
  [/^must be left out of a managed/, 'popup_pManagedOnly'],
  [/^is required: (add it\.|give shipping_method)/, 'popup_pRequired'],
];

/** Fields a popup problem may be about with no control on screen: named, never by path. */
const NAMES: readonly (readonly [RegExp, MessageKey])[] = [
  [/^products\.\d+\.quantity$/, 'popup_quantity'],
  [/^max_price$/, 'popup_maxPriceName'],
  [/^shipping_address$/, 'popup_shipTo'],
  [/^shipping_method$/, 'popup_shippingMethod'],
];

/** A sentence about the field named `label`, from the rest of the background's sentence. */
export function plainly(label: string, rest: string): string {
  // "Maximum price (USD)" is "Maximum price" in a sentence.
  const name = label.replace(/ \([^)]*\)$/, '');
  const rule = PLAIN.find(([says]) => says.test(rest));
  return rule ? t(rule[1], name) : `${label} ${rest}`;
}

/** A problem no control shows: its field named in words where the path is known. */
export function plainProblem(problem: FieldProblem): string {
  const name = NAMES.find(([path]) => path.test(problem.field));
  const prefix = `${problem.field} `;
  return name && problem.message.startsWith(prefix)
    ? plainly(t(name[1]), problem.message.slice(prefix.length))
    : problem.message;
}

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
 * The problem's sentence worded with the control's label, plainly; one that already names
 * the label, or is about a field inside the key, keeps its own words.
 */
export function wordedAt(problem: FieldProblem, key: string, label: string): string {
  const prefix = `${key} `;
  if (problem.field !== key || !problem.message.startsWith(prefix)) return problem.message;
  const rest = problem.message.slice(prefix.length);
  return rest.startsWith(`${label} `) ? rest : plainly(label, rest);
}

/** Problems whose fields sit under `prefix` (`item.`), as if the prefix were not there. */
export function within(problems: readonly FieldProblem[], prefix: string): FieldProblem[] {
  const strip = (text: string) => (text.startsWith(prefix) ? text.slice(prefix.length) : text);
  return problems
    .filter((problem) => problem.field.startsWith(prefix))
    .map((problem) => ({ field: strip(problem.field), message: strip(problem.message) }));
}

export function ProblemsProvider(props: {
  problems: readonly FieldProblem[];
  children: ComponentChildren;
}) {
  // One entry per field on screen (each claim is its own array).
  const claims = useRef(new Set<readonly string[]>());
  // Bumped when fields come and go, so the unplaced list is drawn again.
  const [version, setVersion] = useState(0);
  const board = useMemo<Board>(
    () => ({
      problems: props.problems,
      claim(keys) {
        claims.current.add(keys);
        setVersion((count) => count + 1);
        return () => {
          claims.current.delete(keys);
          setVersion((count) => count + 1);
        };
      },
      claimed: (field) =>
        [...claims.current].some((keys) => keys.some((key) => keyShows(key, field))),
    }),
    [props.problems, version],
  );
  return <BoardContext.Provider value={board}>{props.children}</BoardContext.Provider>;
}

/**
 * The first problem under one of a field's keys, worded with its label (or `instead`, in
 * the form's own terms). Declaring the keys keeps those problems off the unplaced list.
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
  return <Alerts lines={unplaced.map(plainProblem)} />;
}

/** How many of the problems are shown at fields (for a "correct the fields marked" line). */
export function usePlacedCount(): number {
  const board = useContext(BoardContext);
  return board?.problems.filter((problem) => board.claimed(problem.field)).length ?? 0;
}
