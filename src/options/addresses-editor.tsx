import { useLayoutEffect, useState } from 'preact/hooks';
import type { FieldProblem } from '../api/problems.ts';
import { t } from '../shared/i18n.ts';
import type { Settings } from '../shared/settings.ts';
import { useConnector } from '../ui/connector.ts';
import { ErrorText } from '../ui/error-text.tsx';
import { failureOf } from '../ui/failure.ts';
import { within } from '../ui/problems.tsx';
import { Group } from '../ui/section.tsx';
import { type AddressEntry, AddressForm, type SavedAddress } from './address-form.tsx';
import { AddressList } from './address-list.tsx';
import { focusOn } from './field-problems.ts';

/** The default after a change: kept while it is in the list, else the first address. */
function defaultAmong(addresses: readonly SavedAddress[], wanted: string | null): string | null {
  return addresses.some((entry) => entry.id === wanted) ? wanted : (addresses[0]?.id ?? null);
}

/**
 * Saved shipping addresses, each change saved at once through the background: add (the
 * first one becomes the default), edit, delete (asked once; the default moves to another
 * address), and the default chosen among them. An address is checked by the background
 * before it joins the list, and its problems shown at its fields.
 */
export function AddressesEditor(props: {
  settings: Settings;
  onSaved: (settings: Settings) => void;
}) {
  const connector = useConnector();
  const { addresses, defaultAddressId } = props.settings;
  const [editing, setEditing] = useState<string | undefined>();
  // A fresh form after each address added; the form keeps its own fields.
  const [formKey, setFormKey] = useState(0);
  const [status, setStatus] = useState<string | undefined>();
  const [error, setError] = useState<unknown>();
  // Where focus goes once the list shows the change: the id of an element.
  const [focusTarget, setFocusTarget] = useState<string | undefined>();
  const editedEntry = addresses.find((entry) => entry.id === editing);

  useLayoutEffect(() => {
    if (focusTarget === undefined) return;
    const target = document.getElementById(focusTarget);
    // A form is reached through its first field.
    focusOn(target instanceof HTMLFormElement ? target.querySelector('input') : target);
    setFocusTarget(undefined);
  }, [focusTarget]);

  async function persist(patch: Partial<Settings>): Promise<Settings> {
    const saved = await connector.call('settings.update', { patch });
    props.onSaved(saved);
    return saved;
  }

  async function submit(entry: AddressEntry): Promise<FieldProblem[]> {
    setStatus(undefined);
    const checked = await connector.call('settings.check', { patch: { addresses: [entry] } });
    if (checked.problems.length > 0) return within(checked.problems, 'addresses.0.');
    const saved = entry as SavedAddress;
    const next = editing
      ? addresses.map((other) => (other.id === editing ? saved : other))
      : [...addresses, saved];
    const nextDefault = defaultAmong(next, defaultAddressId);
    try {
      await persist({ addresses: next, defaultAddressId: nextDefault });
    } catch (failure) {
      const index = next.findIndex((other) => other.id === entry.id);
      const problems = within(failureOf(failure).problems, `addresses.${index}.`);
      if (problems.length > 0) return problems;
      throw failure;
    }
    if (editing) {
      setEditing(undefined);
      setStatus(t('options_addressChangesSaved', entry.label));
      setFocusTarget(`edit-${entry.id}`);
    } else {
      setStatus(
        nextDefault === entry.id
          ? t('options_addressAddedDefault', entry.label)
          : t('options_addressAdded', entry.label),
      );
      setFocusTarget(`default-${entry.id}`);
    }
    setFormKey((count) => count + 1);
    return [];
  }

  /** Runs a change and says how it went. */
  async function act(action: () => Promise<string>): Promise<void> {
    setError(undefined);
    setStatus(undefined);
    try {
      setStatus(await action());
    } catch (failure) {
      setError(failure);
    }
  }

  const makeDefault = (entry: SavedAddress) =>
    act(async () => {
      await persist({ defaultAddressId: entry.id });
      return t('options_addressNowDefault', entry.label);
    });

  const remove = (entry: SavedAddress) =>
    act(async () => {
      const index = addresses.indexOf(entry);
      const rest = addresses.filter((other) => other.id !== entry.id);
      const nextDefault = defaultAmong(rest, defaultAddressId);
      await persist({ addresses: rest, defaultAddressId: nextDefault });
      if (editing === entry.id) setEditing(undefined);
      // Focus goes to the address that took its place in the list, or to a new address.
      const neighbour = rest[Math.min(index, rest.length - 1)];
      setFocusTarget(neighbour ? `default-${neighbour.id}` : 'address-form');
      const moved =
        nextDefault !== defaultAddressId ? rest.find((o) => o.id === nextDefault) : undefined;
      return moved
        ? t('options_addressDeletedMoved', entry.label, moved.label)
        : t('options_addressDeleted', entry.label);
    });

  return (
    <Group legend={t('options_addressesLegend')}>
      <AddressList
        addresses={addresses}
        defaultId={defaultAddressId}
        onDefault={makeDefault}
        onEdit={(entry) => {
          setStatus(undefined);
          setEditing(entry.id);
        }}
        onDelete={remove}
      />
      {status && (
        <p role="status" class="ok">
          {status}
        </p>
      )}
      <ErrorText error={error} />
      <AddressForm
        key={editing ?? `new-${formKey}`}
        {...(editedEntry ? { editing: editedEntry } : {})}
        focusFirst={editing !== undefined}
        onSubmit={submit}
        onCancel={() => {
          setEditing(undefined);
          setFocusTarget(`edit-${editing}`);
        }}
        onInput={() => {
          setStatus(undefined);
          setError(undefined);
        }}
      />
    </Group>
  );
}
