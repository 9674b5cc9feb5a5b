import { useState } from 'preact/hooks';
import type { FieldProblem } from '../api/problems.ts';
import { checkWith } from '../api/problems.ts';
import { addressSchema } from '../api/schemas/address.ts';
import { CheckField, TextField } from '../popup/fields.tsx';
import type { Settings } from '../shared/settings.ts';

const FIELDS = [
  ['first_name', 'First name'],
  ['last_name', 'Last name'],
  ['address_line1', 'Address line 1'],
  ['address_line2', 'Address line 2'],
  ['city', 'City'],
  ['state', 'State'],
  ['zip_code', 'ZIP code'],
  ['country', 'Country'],
  ['phone_number', 'Phone number'],
  ['instructions', 'Delivery instructions'],
] as const;

type Saved = Settings['addresses'][number];

/** Saved shipping addresses, one of them the default. */
export function AddressesEditor(props: {
  addresses: Saved[];
  defaultId: string | null;
  onChange: (addresses: Saved[], defaultId: string | null) => void;
}) {
  const [label, setLabel] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({ country: 'US' });
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const errorOf = (field: string) => problems.find((problem) => problem.field === field)?.message;

  function add() {
    const address = Object.fromEntries(
      Object.entries(fields)
        .filter(([, value]) => value.trim() !== '')
        .map(([key, value]) => [key, value.trim()]),
    );
    const checked = checkWith(addressSchema, address);
    const missingLabel =
      label.trim() === ''
        ? [{ field: 'label', message: 'Label is required: name the address, such as Home.' }]
        : [];
    if (!checked.ok || missingLabel.length > 0)
      return setProblems([...missingLabel, ...(checked.ok ? [] : checked.problems)]);
    const id = crypto.randomUUID();
    props.onChange(
      [...props.addresses, { id, label: label.trim(), address: checked.value }],
      props.defaultId ?? id,
    );
    setLabel('');
    setFields({ country: 'US' });
    setProblems([]);
  }

  return (
    <fieldset>
      <legend>Shipping addresses</legend>
      <ul>
        {props.addresses.map((entry) => (
          <li key={entry.id}>
            <CheckField
              label={`${entry.label}: ${entry.address.address_line1}, ${entry.address.city} (default)`}
              checked={props.defaultId === entry.id}
              onChange={(on) => on && props.onChange(props.addresses, entry.id)}
            />
            <button
              type="button"
              onClick={() =>
                props.onChange(
                  props.addresses.filter((other) => other.id !== entry.id),
                  props.defaultId === entry.id ? null : props.defaultId,
                )
              }
            >
              Remove {entry.label}
            </button>
          </li>
        ))}
      </ul>
      <div class="grid">
        <TextField
          label="Address label"
          value={label}
          onInput={setLabel}
          error={errorOf('label')}
        />
        {FIELDS.map(([key, text]) => (
          <TextField
            key={key}
            label={text}
            value={fields[key] ?? ''}
            onInput={(value) => setFields({ ...fields, [key]: value })}
            error={errorOf(key)}
          />
        ))}
      </div>
      <button type="button" onClick={add}>
        Add address
      </button>
    </fieldset>
  );
}
