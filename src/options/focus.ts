/**
 * Where focus goes after an action on the options page: to the first field a failed save
 * marked, or to whatever the next step is. Elements that are not focusable by nature (a
 * heading, a message) are made focusable by script only, so that Tab skips them.
 */

const FOCUSABLE = 'input:not([type="hidden"]), select, textarea, button, a[href]';

/** Focuses `element`, first making it focusable by script if it is not by nature. */
export function focusOn(element: Element | null | undefined): boolean {
  if (!(element instanceof HTMLElement)) return false;
  const target =
    element.matches(FOCUSABLE) || element.hasAttribute('tabindex')
      ? element
      : element.tagName === 'FIELDSET'
        ? element.querySelector<HTMLElement>(FOCUSABLE)
        : element;
  if (!target) return false;
  if (!target.matches(FOCUSABLE) && !target.hasAttribute('tabindex'))
    target.setAttribute('tabindex', '-1');
  target.focus();
  return true;
}

/**
 * Focuses the first problem under `root`, in the order the page reads: a field marked
 * invalid, or else a message of a problem no field shows. Says whether there was one.
 */
export function focusFirstProblem(root: ParentNode | null | undefined): boolean {
  if (!root) return false;
  return focusOn(root.querySelector('[aria-invalid="true"], .error[role="alert"]'));
}
