import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { Alerts } from '../ui/error-text.tsx';
import { failureOf } from '../ui/failure.ts';
import { focusOnMount } from '../ui/focus.ts';

/**
 * A button that asks before an action that cannot be undone: the question takes its place,
 * focus on the answer that acts; once answered the button comes back with focus.
 */
export function AskFirst(props: {
  ask: ComponentChildren;
  onAsk?: () => void;
  legend: string;
  explain?: string;
  confirm: string;
  keep: string;
  onConfirm: () => Promise<unknown>;
}) {
  const [asking, setAsking] = useState(false);
  const [answered, setAnswered] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const answer = () => {
    setAnswered(true);
    setAsking(false);
    setError(undefined);
  };
  if (!asking)
    return (
      <button
        type="button"
        class="danger"
        ref={answered ? focusOnMount : null}
        onClick={() => {
          props.onAsk?.();
          setAsking(true);
        }}
      >
        {props.ask}
      </button>
    );
  return (
    <fieldset class="notice">
      <legend>{props.legend}</legend>
      {props.explain && <p>{props.explain}</p>}
      {error && <Alerts lines={[error]} />}
      <div class="row">
        <button
          type="button"
          class="danger"
          ref={focusOnMount}
          onClick={() =>
            props.onConfirm().then(answer, (failure) => setError(failureOf(failure).message))
          }
        >
          {props.confirm}
        </button>
        <button type="button" onClick={answer}>
          {props.keep}
        </button>
      </div>
    </fieldset>
  );
}

/** What an action did: a status when it went well, an alert when it failed. */
export type Said = { ok: boolean; text: string } | undefined;

export function SaidText({ said }: { said: Said }) {
  if (!said?.text) return null;
  return (
    <p role={said.ok ? 'status' : 'alert'} class={said.ok ? 'ok' : 'error'}>
      {said.text}
    </p>
  );
}

/** Runs `action` and shows what it says, or why it failed. */
export async function say(show: (said: Said) => void, action: () => Promise<string>) {
  show(undefined);
  try {
    show({ ok: true, text: await action() });
  } catch (error) {
    show({ ok: false, text: failureOf(error).message });
  }
}
