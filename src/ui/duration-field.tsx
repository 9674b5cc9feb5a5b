import { useEffect, useRef, useState } from 'preact/hooks';
import { TextField } from './fields.tsx';

/** Whole seconds as minutes, the way a person types them ("240", "1.5"); text that is not a number as it is. */
export function secondsAsMinutes(seconds: string): string {
  const trimmed = seconds.trim();
  if (!/^\d+$/.test(trimmed)) return trimmed;
  return String(Math.round((Number(trimmed) / 60) * 100) / 100);
}

/** Minutes typed, as the seconds the service takes; text that is not an amount of minutes as typed, for the check to name. */
export function minutesAsSeconds(minutes: string): string {
  const trimmed = minutes.trim();
  return /^\d+(?:[.,]\d+)?$/.test(trimmed)
    ? String(Math.round(Number(trimmed.replace(',', '.')) * 60))
    : trimmed;
}

/**
 * A duration the service counts in seconds, typed in minutes: converted at the field, so
 * the buyer never reads 14400. What is typed stays as typed ("1." while typing 1.5); a
 * value changed from outside (a reset) is shown afresh.
 */
export function MinutesField(props: {
  label: string;
  /** The duration in seconds, as text. */
  seconds: string;
  onInput: (seconds: string) => void;
  problems?: readonly string[];
  hint?: string | undefined;
}) {
  const [typed, setTyped] = useState(() => secondsAsMinutes(props.seconds));
  const sent = useRef(props.seconds);
  useEffect(() => {
    if (props.seconds !== sent.current) {
      sent.current = props.seconds;
      setTyped(secondsAsMinutes(props.seconds));
    }
  }, [props.seconds]);
  return (
    <TextField
      label={props.label}
      inputMode="decimal"
      value={typed}
      onInput={(minutes) => {
        setTyped(minutes);
        sent.current = minutesAsSeconds(minutes);
        props.onInput(sent.current);
      }}
      {...(props.problems ? { problems: props.problems } : {})}
      hint={props.hint}
    />
  );
}
