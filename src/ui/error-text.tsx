import { t } from '../shared/i18n.ts';
import { FIXED_IN_OPTIONS, failureOf } from './failure.ts';

/**
 * A failure in a sentence, announced to screen readers. When the fix is on the
 * options page (a missing or rejected token, a locked vault) and the view can open it,
 * a button says so; the kind decides, never the wording.
 */
export function ErrorText(props: { error: unknown; onOpenOptions?: () => void }) {
  if (props.error === undefined || props.error === null) return null;
  const failure = failureOf(props.error);
  const action =
    props.onOpenOptions && FIXED_IN_OPTIONS.includes(failure.kind)
      ? t(failure.kind === 'vault_locked' ? 'popup_unlockInOptions' : 'popup_tokenInOptions')
      : undefined;
  return (
    <div class="error" role="alert" tabIndex={-1}>
      <p>{failure.message}</p>
      {action && (
        <button type="button" onClick={props.onOpenOptions}>
          {action}
        </button>
      )}
    </div>
  );
}

/** Sentences about what went wrong, one alert each (focusable, for focusFirst). */
export function Alerts(props: { lines: readonly string[] }) {
  return (
    <>
      {props.lines.map((line) => (
        <p key={line} class="error" role="alert" tabIndex={-1}>
          {line}
        </p>
      ))}
    </>
  );
}
