import type { ComponentChildren } from 'preact';

/**
 * A table wider than the page scrolls sideways in its own box. The box takes the
 * keyboard's focus, so the arrow keys scroll it too (WCAG 2.1.1), and is named after
 * its table for the one who lands on it.
 */
export function TableScroll(props: { label: string; children: ComponentChildren }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolled box must be reachable by keyboard to be scrolled by it.
    // biome-ignore lint/a11y/useSemanticElements: a fieldset groups form controls, not a table.
    <div class="table-scroll" tabIndex={0} role="group" aria-label={props.label}>
      {props.children}
    </div>
  );
}
