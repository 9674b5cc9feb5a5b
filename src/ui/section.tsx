import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/** Whether the page has painted once: parts that appear after that are filled at once. */
let painted = false;

/**
 * A part of a form that folds away under one line. A folded part's fields are made just
 * after the first paint (nobody sees them before, and the form is ready sooner: the
 * fields are a function, so not even their elements are built before); a part that
 * appears later has them at once, so its fields can take the focus.
 */
export function Section(props: {
  title: string;
  children: () => ComponentChildren;
  open?: boolean;
}) {
  const [filled, setFilled] = useState(props.open === true || painted);
  useEffect(() => {
    painted = true;
    setFilled(true);
  }, []);
  return (
    <details class="section" open={props.open}>
      <summary>{props.title}</summary>
      {filled && props.children()}
    </details>
  );
}

/** A group of related controls under a caption. */
export function Group(props: { legend: string; children: ComponentChildren; class?: string }) {
  return (
    <fieldset class={props.class}>
      <legend>{props.legend}</legend>
      {props.children}
    </fieldset>
  );
}

/** A region of a page, named by its heading (the options page's sections). */
export function PageSection(props: { id: string; title: string; children: ComponentChildren }) {
  return (
    <section aria-labelledby={`${props.id}-heading`}>
      <h2 id={`${props.id}-heading`}>{props.title}</h2>
      {props.children}
    </section>
  );
}
