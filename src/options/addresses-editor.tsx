import { useState } from 'preact/hooks';
import { checkWith, type FieldProblem } from '../api/problems.ts';
import { addressSchema } from '../api/schemas/address.ts';
import { TextField } from '../popup/fields.tsx';
import type { Settings } from '../shared/settings.ts';
import {
  type AddressDraft,
  AddressFields,
  addressDraftOf,
  addressFromDraft,
  emptyAddress,
} from './address-fields.tsx';
import { problemAt } from './field-problems.ts';

type Saved = Settings['addresses'][number];

/** Saved shipping addresses: add, edit, remove, and one of them the default. */
export function AddressesEditor(props: {
  addresses: Saved[];
  defaultId: string | null;
  onChange: (addresses: Saved[], defaultId: string | null) => void;
}) {
  const [editing, setEditing] = useState<string | undefined>();
  const [label, setLabel] = useState('');
  const [fields, setFields] = useState<AddressDraft>(emptyAddress());
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const editedLabel = props.addresses.find((entry) => entry.id === editing)?.label;

  function reset() {
    setEditing(undefined);
    setLabel('');
    setFields(emptyAddress());
    setProblems([]);
  }

  function edit(entry: Saved) {
    setEditing(entry.id);
    setLabel(entry.label);
    setFields(addressDraftOf(entry.address));
    setProblems([]);
  }

  function remove(entry: Saved) {
    const rest = props.addresses.filter((other) => other.id !== entry.id);
    // The default moves to the first address left, so that one is always preselected.
    const defaultId = props.defaultId === entry.id ? (rest[0]?.id ?? null) : props.defaultId;
    props.onChange(rest, defaultId);
    if (editing === entry.id) reset();
  }

  function keep() {
    const checked = checkWith(addressSchema, addressFromDraft(fields));
    const labelProblems =
      label.trim() === ''
        ? [{ field: 'label', message: 'Label is required: name the address, such as Home.' }]
        : [];
    if (!checked.ok || labelProblems.length > 0)
      return setProblems([...labelProblems, ...(checked.ok ? [] : checked.problems)]);
    const entry = {
      id: editing ?? crypto.randomUUID(),
      label: label.trim(),
      address: checked.value,
    };
    const addresses = editing
      ? props.addresses.map((other) => (other.id === editing ? entry : other))
      : [...props.addresses, entry];
    props.onChange(addresses, props.defaultId ?? entry.id);
    reset();
  }

  return (
    <fieldset>
      <legend>Shipping addresses</legend>
      {props.addresses.length === 0 ? (
        <p class="hint">No saved address yet: add one below.</p>
      ) : (
        <ul class="plain" aria-label="Saved shipping addresses">
          {props.addresses.map((entry) => (
            <li key={entry.id} class="row">
              <input
                type="radio"
                name="default-address"
                id={`default-${entry.id}`}
                checked={props.defaultId === entry.id}
                onChange={() => props.onChange(props.addresses, entry.id)}
              />
              <label for={`default-${entry.id}`}>
                {entry.label}: {entry.address.address_line1}, {entry.address.city}
                {props.defaultId === entry.id ? ' (default)' : ''}
              </label>
              <button type="button" onClick={() => edit(entry)}>
                Edit {entry.label}
              </button>
              <button type="button" onClick={() => remove(entry)}>
                Remove {entry.label}
              </button>
            </li>
          ))}
        </ul>
      )}
      <h3>{editing ? `Edit ${editedLabel ?? 'address'}` : 'New address'}</h3>
      <TextField
        label="Address label"
        value={label}
        onInput={setLabel}
        error={problemAt(problems, 'label', 'Address label')}
        hint="A name for the list, such as Home."
      />
      <AddressFields value={fields} onChange={setFields} problems={problems} />
      <div class="row">
        <button type="button" onClick={keep}>
          {editing ? 'Keep changes' : 'Add address'}
        </button>
        {editing && (
          <button type="button" onClick={reset}>
            Cancel editing
          </button>
        )}
      </div>
    </fieldset>
  );
}
