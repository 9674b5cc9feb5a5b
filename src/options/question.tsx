import { focusOnMount } from '../ui/focus.ts';

/**
 * The question asked before an action that cannot be undone (deleting the vault or an
 * address, clearing the history), with its two answers; focus starts on the one that
 * acts. The button that asked it takes focus back, when the question goes, through
 * `focusOnMount` given as its ref once it has been answered.
 */
export function Question(props: {
  legend: string;
  explain?: string;
  error?: string | undefined;
  confirm: string;
  keep: string;
  onConfirm: () => void;
  onKeep: () => void;
}) {
  return (
    <fieldset class="notice">
      <legend>{props.legend}</legend>
      {props.explain && <p>{props.explain}</p>}
      {props.error && (
        <p class="error" role="alert">
          {props.error}
        </p>
      )}
      <div class="row">
        <button type="button" class="danger" ref={focusOnMount} onClick={props.onConfirm}>
          {props.confirm}
        </button>
        <button type="button" onClick={props.onKeep}>
          {props.keep}
        </button>
      </div>
    </fieldset>
  );
}
