/**
 * Focus where the user's next step is (the first field with a problem), unfolding every
 * folded section that holds a match, so each problem can be seen.
 */
export function focusFirst(selector: string, within: ParentNode = document): boolean {
  const found = [...within.querySelectorAll<HTMLElement>(selector)];
  for (const element of found)
    for (
      let fold = element.closest('details');
      fold;
      fold = fold.parentElement?.closest('details') ?? null
    )
      fold.open = true;
  found[0]?.focus();
  return found.length > 0;
}

/** The controls with a problem, and the messages about problems that no control shows. */
export const PROBLEM = '[aria-invalid="true"],.error';

/**
 * A ref that focuses its element when it appears: one function for every use, so Preact
 * calls it once per element rather than on every render.
 */
export const focusOnMount = (element: HTMLElement | null) => element?.focus();
