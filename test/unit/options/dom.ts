/**
 * Finding and using the options page's controls the way a user (or a screen reader)
 * does: by label, by role and name, for the options page rendered whole over the real
 * background (options-env.tsx). View tests over the mock connector use Testing Library.
 */
import { vi } from 'vitest';

const text = (element: Element | null | undefined) =>
  (element?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** The control whose label reads exactly `label`. */
export function byLabel<T extends HTMLElement = HTMLInputElement>(
  label: string,
  within: ParentNode = document.body,
): T {
  const matches = [...within.querySelectorAll('label')]
    .filter((candidate) => text(candidate) === label)
    .map((candidate) =>
      candidate.htmlFor
        ? document.getElementById(candidate.htmlFor)
        : candidate.querySelector('input, select, textarea'),
    )
    .filter((control): control is HTMLElement => control !== null);
  if (matches.length !== 1)
    throw new Error(`Expected one control labelled “${label}”, found ${matches.length}.`);
  return matches[0] as T;
}

export function queryButton(name: string, within: ParentNode = document.body) {
  return [...within.querySelectorAll('button')].find((button) => text(button) === name);
}

/** The button named `name`. */
export function button(name: string, within: ParentNode = document.body): HTMLButtonElement {
  const found = queryButton(name, within);
  if (!found) throw new Error(`No button “${name}”.`);
  return found;
}

/** The `<section>` whose heading reads `name`. */
export function region(name: string): HTMLElement {
  const section = [...document.querySelectorAll('section')].find(
    (candidate) =>
      text(document.getElementById(candidate.getAttribute('aria-labelledby') ?? '')) === name,
  );
  if (!section) throw new Error(`No section “${name}”.`);
  return section;
}

/** The message shown at a control (its error or hint), through aria-describedby. */
export function messageOf(control: HTMLElement): string {
  const id = control.getAttribute('aria-describedby');
  return id ? text(document.getElementById(id)) : '';
}

/**
 * Lets Preact render what the last event changed, as a browser would before the next
 * one: a turn of the event loop (Preact renders in a microtask, the background's
 * storage and IndexedDB answer in the turns before it), not a stretch of time, so it
 * holds under fake timers too.
 */
function rendered(): Promise<void> {
  return new Promise((done) => setImmediate(done));
}

export async function type(control: HTMLElement, value: string): Promise<void> {
  (control as HTMLInputElement).value = value;
  control.dispatchEvent(new Event('input', { bubbles: true }));
  await rendered();
}

export async function choose(control: HTMLElement, value: string): Promise<void> {
  (control as HTMLSelectElement).value = value;
  control.dispatchEvent(new Event('change', { bubbles: true }));
  await rendered();
}

export async function click(control: HTMLElement): Promise<void> {
  control.click();
  await rendered();
}

export async function setChecked(control: HTMLElement, checked: boolean): Promise<void> {
  if ((control as HTMLInputElement).checked !== checked) await click(control);
}

export function alerts(within: ParentNode = document.body): string[] {
  return [...within.querySelectorAll('[role="alert"]')].map(text);
}

export function statuses(within: ParentNode = document.body): string[] {
  return [...within.querySelectorAll('[role="status"]')].map(text);
}

/**
 * Waits for what the page shows (or the background holds): retries the assertion,
 * sync or async, until it holds, for at most `timeout` ms.
 */
export function waitFor<T>(assertion: () => T | Promise<T>, timeout = 5_000): Promise<T> {
  return vi.waitFor(assertion, { timeout, interval: 10 });
}
