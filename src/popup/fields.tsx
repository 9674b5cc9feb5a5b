import type { ComponentChildren } from 'preact';
import { useId } from 'preact/hooks';

interface Common {
  label: string;
  error?: string | undefined;
  hint?: string;
}

function Message({
  id,
  error,
  hint,
}: {
  id: string;
  error?: string | undefined;
  hint?: string | undefined;
}) {
  if (error)
    return (
      <p id={id} class="error" role="alert">
        {error}
      </p>
    );
  return hint ? (
    <p id={id} class="hint">
      {hint}
    </p>
  ) : null;
}

export function TextField(
  props: Common & {
    value: string;
    onInput: (value: string) => void;
    type?: string;
    inputMode?: 'decimal' | 'numeric' | 'text';
    placeholder?: string;
    multiline?: boolean;
  },
) {
  const id = useId();
  const describedBy = props.error || props.hint ? `${id}-message` : undefined;
  const common = {
    id,
    value: props.value,
    placeholder: props.placeholder,
    'aria-invalid': props.error ? true : undefined,
    'aria-describedby': describedBy,
    onInput: (event: Event) => props.onInput((event.currentTarget as HTMLInputElement).value),
  };
  return (
    <div class="field">
      <label for={id}>{props.label}</label>
      {props.multiline ? (
        <textarea rows={3} {...common} />
      ) : (
        <input type={props.type ?? 'text'} inputMode={props.inputMode} {...common} />
      )}
      <Message id={`${id}-message`} error={props.error} hint={props.hint} />
    </div>
  );
}

export function CheckField(
  props: Common & { checked: boolean; onChange: (checked: boolean) => void },
) {
  const id = useId();
  return (
    <div class="field check">
      <input
        id={id}
        type="checkbox"
        checked={props.checked}
        aria-invalid={props.error ? true : undefined}
        onChange={(event) => props.onChange((event.currentTarget as HTMLInputElement).checked)}
      />
      <label for={id}>{props.label}</label>
      <Message id={`${id}-message`} error={props.error} hint={props.hint} />
    </div>
  );
}

export function SelectField<T extends string>(
  props: Common & {
    value: T;
    options: readonly (readonly [T, string])[];
    onChange: (value: T) => void;
  },
) {
  const id = useId();
  return (
    <div class="field">
      <label for={id}>{props.label}</label>
      <select
        id={id}
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        onChange={(event) => props.onChange((event.currentTarget as HTMLSelectElement).value as T)}
      >
        {props.options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      <Message id={`${id}-message`} error={props.error} hint={props.hint} />
    </div>
  );
}

export function Section({
  title,
  children,
  open,
}: {
  title: string;
  children: ComponentChildren;
  open?: boolean;
}) {
  return (
    <details class="section" open={open}>
      <summary>{title}</summary>
      {children}
    </details>
  );
}
