/**
 * Focus where the user's next step is, after an action: the first field with a problem,
 * the button that confirms, the heading of what just opened. Every folded section that
 * holds a match is unfolded, so each problem can be seen and what gets focus too.
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
 * A ref that focuses its element when it appears (the confirm button of a two-click
 * action, the heading of a screen just opened). One function for every use, so Preact
 * calls it once per element rather than on every render.
 */
export const focusOnMount = (element: HTMLElement | null) => element?.focus();
