/**
 * Labelled form controls. Each shows one message under it: its error (a problem it
 * claims by key, or one the view passes) or else its hint, tied to the control by
 * aria-describedby so a screen reader reads it with the control.
 */
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { Alerts } from './error-text.tsx';
import { useFieldProblem } from './problems.tsx';

let made = 0;
/** Ids unique in the page, as labels need: Preact's useId repeats them in parts drawn later. */
function useUniqueId(): string {
  return useState(() => `u${++made}`)[0];
}

interface Common {
  label: string;
  /** The problem keys this control shows (see problems.tsx). */
  problems?: readonly string[];
  /** A sentence in the form's own terms, shown instead of a claimed problem's. */
  problemText?: string;
  /** A problem the view found itself (a passphrase typed twice differently). */
  error?: string | undefined;
  hint?: string | undefined;
}

/** The control in its `.field`: its label (after it, for a checkbox) and its one message. */
function useField(props: Common, check = false) {
  const id = useUniqueId();
  const claimed = useFieldProblem(props.problems, props.label, props.problemText);
  const error = props.error ?? claimed;
  const messageId = error || props.hint ? `${id}-message` : undefined;
  const control = { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': messageId };
  const label = <label for={id}>{props.label}</label>;
  const field = (input: JSX.Element) => (
    <div class={check ? 'field check' : 'field'}>
      {!check && label}
      {input}
      {check && label}
      {messageId && (
        <p id={messageId} class={error ? 'error' : 'hint'} role={error ? 'alert' : undefined}>
          {error ?? props.hint}
        </p>
      )}
    </div>
  );
  return { control, field };
}

export function TextField(
  props: Common & {
    value: string;
    onInput: (value: string) => void;
    type?: 'text' | 'url' | 'search' | 'password' | 'email' | 'date';
    inputMode?: 'decimal' | 'numeric' | 'text' | 'email';
    placeholder?: string;
    multiline?: boolean;
    /** A secret the vault will keep: the browser must not remember or autofill it. */
    secret?: boolean;
    /** Enter in the field does this instead of submitting the form around it. */
    onEnter?: () => void;
  },
) {
  const { control, field } = useField(props);
  const common = {
    ...control,
    value: props.value,
    placeholder: props.placeholder,
    onInput: (event: Event) => props.onInput((event.currentTarget as HTMLInputElement).value),
    onKeyDown: (event: KeyboardEvent) => {
      if (props.onEnter && event.key === 'Enter') {
        event.preventDefault();
        props.onEnter();
      }
    },
    ...(props.secret
      ? { autoComplete: props.type === 'password' ? 'new-password' : 'off', spellcheck: false }
      : {}),
  };
  return field(
    props.multiline ? (
      <textarea rows={3} {...common} />
    ) : (
      <input type={props.type ?? 'text'} inputMode={props.inputMode} {...common} />
    ),
  );
}

export function CheckField(
  props: Common & { checked: boolean; onChange: (checked: boolean) => void },
) {
  const { control, field } = useField(props, true);
  return field(
    <input
      {...control}
      type="checkbox"
      checked={props.checked}
      onChange={(event) => props.onChange((event.currentTarget as HTMLInputElement).checked)}
    />,
  );
}

export type Options<T extends string> = readonly (readonly [T, string])[];

export function SelectField<T extends string>(
  props: Common & { value: T; options: Options<T>; onChange: (value: T) => void },
) {
  const { control, field } = useField(props);
  return field(
    <select
      {...control}
      value={props.value}
      onChange={(event) => props.onChange((event.currentTarget as HTMLSelectElement).value as T)}
    >
      {props.options.map(([value, text]) => (
        <option key={value} value={value}>
          {text}
        </option>
      ))}
    </select>,
  );
}

/** Checkboxes for a set of values, such as the conditions to accept. */
export function CheckList<T extends string>(props: {
  legend: string;
  values: readonly T[];
  chosen: readonly string[];
  labelOf?: (value: T) => string;
  onChange: (chosen: T[]) => void;
  problems?: readonly string[];
}) {
  const error = useFieldProblem(props.problems, props.legend);
  return (
    <fieldset class="wide" aria-invalid={error ? true : undefined}>
      <legend>{props.legend}</legend>
      {props.values.map((value) => (
        <CheckField
          key={value}
          label={props.labelOf?.(value) ?? value}
          checked={props.chosen.includes(value)}
          onChange={(on) =>
            props.onChange(
              props.values.filter((other) => (other === value ? on : props.chosen.includes(other))),
            )
          }
        />
      ))}
      <Alerts lines={error ? [error] : []} />
    </fieldset>
  );
}
