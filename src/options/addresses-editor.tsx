import { useState } from 'preact/hooks';
import type { FieldProblem } from '../api/problems.ts';
import { t } from '../shared/i18n.ts';
import type { Settings } from '../shared/settings.ts';
import { useConnector } from '../ui/connector.ts';
import { failureOf } from '../ui/failure.ts';
import { TextField } from '../ui/fields.tsx';
import { ProblemsProvider, UnplacedProblems, within } from '../ui/problems.tsx';
import { Group } from '../ui/section.tsx';
import { AddressFields, addressDraftOf, addressFromDraft } from './address-fields.tsx';
import { useFieldProblems, useFocusLater } from './field-problems.ts';
import { AskFirst, type Said, SaidText, say } from './question.tsx';
import type { SectionProps } from './section-form.tsx';

type SavedAddress = Settings['addresses'][number];

/** How a saved address reads in the list: its label, then where it is. */
const addressLine = (entry: SavedAddress): string =>
  t('options_addressLine', entry.label, entry.address.address_line1, entry.address.city);

/** The default after a change: kept while it is in the list, else the first address. */
const defaultAmong = (addresses: readonly SavedAddress[], wanted: string | null) =>
  addresses.some((entry) => entry.id === wanted) ? wanted : (addresses[0]?.id ?? null);

/**
 * Saved shipping addresses, each change saved at once: add (the first becomes the
 * default), edit, delete (the default moves on), and the default chosen as one radio group.
 */
export function AddressesEditor(props: SectionProps) {
  const connector = useConnector();
  const { addresses, defaultAddressId } = props.settings;
  const [editing, setEditing] = useState<string | undefined>();
  // The radio follows the click at once, as a radio does, while the choice is saved; it
  // goes back if the save fails, and follows the saved default when that changes.
  const [pending, setPending] = useState<string | undefined>();
  const [label, setLabel] = useState('');
  const [fields, setFields] = useState(addressDraftOf());
  const { problems, root, refuse, stale, clear } = useFieldProblems<HTMLFormElement>();
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<Said>();
  const focusLater = useFocusLater();
  // Focus goes to an element by its id, once the list shows the change.
  const focusId = (id: string) => focusLater(() => document.getElementById(id));
  const chosen = pending ?? defaultAddressId;
  const edited = addresses.find((entry) => entry.id === editing);

  /** The form, emptied or holding the address to edit. */
  function openForm(entry?: SavedAddress) {
    setEditing(entry?.id);
    setLabel(entry?.label ?? '');
    setFields(addressDraftOf(entry?.address));
    clear();
  }

  const changed = (paths: string[]) => {
    stale(paths);
    setSaid(undefined);
  };

  async function persist(patch: Partial<Settings>) {
    props.onSaved(await connector.call('settings.update', { patch }));
  }

  /** Shows the problems that kept an address out, and says nothing else. */
  const refused = (found: FieldProblem[]) => {
    refuse(found);
    return '';
  };

  async function submit() {
    const address = addressFromDraft(fields);
    const entry = { id: editing ?? crypto.randomUUID(), label: label.trim(), address };
    setBusy(true);
    await say(setSaid, async () => {
      const checked = await connector.call('settings.check', { patch: { addresses: [entry] } });
      if (checked.problems.length > 0) return refused(within(checked.problems, 'addresses.0.'));
      const saved = entry as unknown as SavedAddress;
      const next = editing
        ? addresses.map((other) => (other.id === editing ? saved : other))
        : [...addresses, saved];
      const nextDefault = defaultAmong(next, defaultAddressId);
      try {
        await persist({ addresses: next, defaultAddressId: nextDefault });
      } catch (failure) {
        const index = next.indexOf(saved);
        const problems = within(failureOf(failure).problems, `addresses.${index}.`);
        if (problems.length > 0) return refused(problems);
        throw failure;
      }
      openForm();
      focusId(`${editing ? 'edit' : 'default'}-${entry.id}`);
      if (editing) return t('options_addressChangesSaved', entry.label);
      return nextDefault === entry.id
        ? t('options_addressAddedDefault', entry.label)
        : t('options_addressAdded', entry.label);
    });
    setBusy(false);
  }

  const remove = (entry: SavedAddress) =>
    say(setSaid, async () => {
      const index = addresses.indexOf(entry);
      const rest = addresses.filter((other) => other.id !== entry.id);
      const nextDefault = defaultAmong(rest, defaultAddressId);
      await persist({ addresses: rest, defaultAddressId: nextDefault });
      if (editing === entry.id) openForm();
      // Focus goes to the address that took its place in the list, or to a new address.
      const neighbour = rest[Math.min(index, rest.length - 1)];
      focusId(neighbour ? `default-${neighbour.id}` : 'address-form');
      const moved = rest.find((other) => other.id === nextDefault);
      return moved && nextDefault !== defaultAddressId
        ? t('options_addressDeletedMoved', entry.label, moved.label)
        : t('options_addressDeleted', entry.label);
    });

  async function makeDefault(entry: SavedAddress) {
    setPending(entry.id);
    await say(setSaid, async () => {
      await persist({ defaultAddressId: entry.id });
      return t('options_addressNowDefault', entry.label);
    });
    setPending(undefined);
  }

  const rows = addresses.map((entry) => (
    <li key={entry.id} class="address-row">
      <span class="address-choice">
        <input
          type="radio"
          name="default-address"
          id={`default-${entry.id}`}
          checked={chosen === entry.id}
          onChange={() => makeDefault(entry)}
        />
        <label for={`default-${entry.id}`}>{addressLine(entry)}</label>
      </span>
      <span class="row">
        <button
          type="button"
          id={`edit-${entry.id}`}
          onClick={() => {
            setSaid(undefined);
            openForm(entry);
            focusId('address-form');
          }}
        >
          {t('options_addressEdit')}
          <span class="sr"> {entry.label}</span>
        </button>
        <AskFirst
          ask={
            <>
              {t('options_addressDelete')}
              <span class="sr"> {entry.label}</span>
            </>
          }
          legend={t('options_addressDeleteQuestion', addressLine(entry))}
          confirm={t('options_addressDeleteYes', entry.label)}
          keep={t('options_addressDeleteKeep', entry.label)}
          onConfirm={() => remove(entry)}
        />
      </span>
    </li>
  ));

  return (
    <Group legend={t('options_addressesLegend')}>
      {addresses.length === 0 ? (
        <p class="hint">{t('options_addressNone')}</p>
      ) : (
        <fieldset>
          <legend>{t('options_addressDefaultLegend')}</legend>
          <p class="hint">{t('options_addressDefaultHint')}</p>
          <ul class="plain">{rows}</ul>
        </fieldset>
      )}
      <SaidText said={said} />
      <form
        id="address-form"
        ref={root}
        aria-labelledby="address-form-heading"
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) void submit();
        }}
      >
        <h3 id="address-form-heading">
          {edited ? t('options_addressEditHeading', edited.label) : t('options_addressNewHeading')}
        </h3>
        <ProblemsProvider problems={problems}>
          <TextField
            label={t('options_addressLabel')}
            value={label}
            onInput={(text) => {
              setLabel(text);
              changed(['label']);
            }}
            problems={['label']}
            problemText={t('options_addressLabelRequired')}
            hint={t('options_addressLabelHint')}
          />
          <AddressFields
            value={fields}
            onChange={(next, paths) => {
              setFields(next);
              changed(paths);
            }}
            path="address."
          />
          <UnplacedProblems />
        </ProblemsProvider>
        <div class="row">
          <button type="submit" class="primary" disabled={busy}>
            {edited ? t('options_addressSaveChanges') : t('options_addressAdd')}
          </button>
          {edited && (
            <button
              type="button"
              onClick={() => {
                openForm();
                focusId(`edit-${edited.id}`);
              }}
            >
              {t('options_addressCancelEdit')}
            </button>
          )}
        </div>
      </form>
    </Group>
  );
}
