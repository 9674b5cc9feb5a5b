import { useState } from 'preact/hooks';
import type { FieldProblem } from '../api/problems.ts';
import type { Settings } from '../shared/settings.ts';
import { useConnector } from '../ui/connector.ts';
import { ErrorText } from '../ui/error-text.tsx';
import { TextField } from '../ui/fields.tsx';
import { ProblemsProvider, within } from '../ui/problems.tsx';
import { Group } from '../ui/section.tsx';
import {
  type AddressDraft,
  AddressFields,
  addressDraftOf,
  addressFromDraft,
  emptyAddress,
} from './address-fields.tsx';

type Saved = Settings['addresses'][number];

/**
 * Saved shipping addresses: add, edit, remove, and one of them the default. An address
 * joins the list only once the background finds it valid (it checks it as a setting).
 */
export function AddressesEditor(props: {
  addresses: Saved[];
  defaultId: string | null;
  onChange: (addresses: Saved[], defaultId: string | null) => void;
}) {
  const connector = useConnector();
  const [editing, setEditing] = useState<string | undefined>();
  const [label, setLabel] = useState('');
  const [fields, setFields] = useState<AddressDraft>(emptyAddress());
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const [error, setError] = useState<unknown>();
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

  async function keep() {
    setError(undefined);
    const entry = { id: editing ?? crypto.randomUUID(), label: label.trim(), address: fields };
    try {
      const checked = await connector.call('settings.check', {
        patch: { addresses: [{ ...entry, address: addressFromDraft(fields) }] },
      });
      if (checked.problems.length > 0) return setProblems(within(checked.problems, 'addresses.0.'));
    } catch (failure) {
      return setError(failure);
    }
    const saved = { ...entry, address: addressFromDraft(fields) as Saved['address'] };
    const addresses = editing
      ? props.addresses.map((other) => (other.id === editing ? saved : other))
      : [...props.addresses, saved];
    props.onChange(addresses, props.defaultId ?? saved.id);
    reset();
  }

  return (
    <Group legend="Shipping addresses">
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
      <ProblemsProvider problems={problems}>
        <TextField
          label="Address label"
          value={label}
          onInput={setLabel}
          problems={['label']}
          problemText="Label is required: name the address, such as Home."
          hint="A name for the list, such as Home."
        />
        <AddressFields value={fields} onChange={setFields} path="address." />
      </ProblemsProvider>
      <ErrorText error={error} />
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
    </Group>
  );
}
