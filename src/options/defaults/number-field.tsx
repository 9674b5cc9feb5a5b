import type { DefaultsTexts } from '../../shared/defaults-form.ts';
import { TextField } from '../../ui/fields.tsx';
import type { DefaultsPartProps } from './types.ts';

/** A number of the defaults, typed as text, showing the problems of the setting it fills. */
export function NumberField(
  props: Pick<DefaultsPartProps, 'text' | 'setText'> & {
    name: keyof DefaultsTexts;
    label: string;
    setting: string;
    hint?: string;
    whole?: boolean;
  },
) {
  return (
    <TextField
      label={props.label}
      inputMode={props.whole ? 'numeric' : 'decimal'}
      value={props.text[props.name]}
      onInput={(value) => props.setText(props.name, value)}
      problems={[props.setting]}
      hint={props.hint}
    />
  );
}
