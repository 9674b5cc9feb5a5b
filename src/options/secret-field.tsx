import { useId } from 'preact/hooks';

/**
 * A labelled input for a secret the vault will keep. Unlike the popup's fields it
 * tells the browser not to offer to remember or autofill the value: the vault is
 * where it is kept, encrypted.
 */
export function SecretField(props: {
  label: string;
  value: string;
  onInput: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
  type?: 'text' | 'password' | 'email';
  inputMode?: 'numeric' | 'text' | 'email';
}) {
  const id = useId();
  const message = props.error ?? props.hint;
  return (
    <div class="field">
      <label for={id}>{props.label}</label>
      <input
        id={id}
        type={props.type ?? 'text'}
        inputMode={props.inputMode}
        autoComplete={props.type === 'password' ? 'new-password' : 'off'}
        spellcheck={false}
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={message ? `${id}-message` : undefined}
        onInput={(event) => props.onInput((event.currentTarget as HTMLInputElement).value)}
      />
      {message && (
        <p
          id={`${id}-message`}
          class={props.error ? 'error' : 'hint'}
          role={props.error ? 'alert' : undefined}
        >
          {message}
        </p>
      )}
    </div>
  );
}
