/**
 * A file chosen with the browser's chooser. Its own control is kept out of sight, but
 * still focusable: it would say "No file chosen" once cleared for the next pick, beside
 * words that say a file was read. Its label is the button, and `status` says in
 * Buyline's words what was read. The control is cleared after each pick, so the same
 * file, corrected, can be chosen again.
 */
export function FileChoice(props: {
  id: string;
  label: string;
  accept: string;
  onFile: (file: File) => void;
  status?: string | undefined;
  disabled?: boolean | undefined;
  describedBy?: string | undefined;
  invalid?: boolean | undefined;
}) {
  return (
    <span class="file-choice">
      <label for={props.id} class="file-button">
        {props.label}
      </label>
      {props.status && <span class="file-name"> {props.status}</span>}
      <input
        id={props.id}
        class="file-input"
        type="file"
        accept={props.accept}
        disabled={props.disabled}
        aria-describedby={props.describedBy}
        aria-invalid={props.invalid || undefined}
        onChange={(event) => {
          const input = event.currentTarget as HTMLInputElement;
          const file = input.files?.[0];
          input.value = '';
          if (file) props.onFile(file);
        }}
      />
    </span>
  );
}
