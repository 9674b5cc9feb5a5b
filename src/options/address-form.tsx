import { useLayoutEffect, useState } from 'preact/hooks';
import type { FieldProblem } from '../api/problems.ts';
import type { AddressField } from '../shared/address-rules.ts';
import { t } from '../shared/i18n.ts';
import type { Settings } from '../shared/settings.ts';
import { ErrorText } from '../ui/error-text.tsx';
import { TextField } from '../ui/fields.tsx';
import { ProblemsProvider, UnplacedProblems } from '../ui/problems.tsx';
import {
  type AddressDraft,
  AddressFields,
  addressDraftOf,
  addressFromDraft,
  FIELDS_BY_COUNTRY,
} from './address-fields.tsx';
import { focusOn, useFieldProblems } from './field-problems.ts';

export type SavedAddress = Settings['addresses'][number];
/** An address as the form sends it: checked by the background, not yet by the page. */
export type AddressEntry = { id: string; label: string; address: Record<string, string> };

/**
 * One address, new or being edited: its label and fields, the background's problems at
 * each field until that field changes, focus on the first problem when it is refused.
 * Enter in any field submits it.
 */
export function AddressForm(props: {
  /** The address being edited; a new one when left out. */
  editing?: SavedAddress;
  /** Saves the address; answers the problems that kept it from being saved, if any. */
  onSubmit: (entry: AddressEntry) => Promise<FieldProblem[]>;
  onCancel: () => void;
  /** The user changed something: messages about the last action are stale. */
  onInput: () => void;
  /** Focus the first field once shown (an Edit button was pressed). */
  focusFirst?: boolean;
}) {
  const { editing } = props;
  const [label, setLabel] = useState(editing?.label ?? '');
  const [fields, setFields] = useState<AddressDraft>(
    editing ? addressDraftOf(editing.address) : addressDraftOf(),
  );
  const { problems, root, refuse, stale, clear } = useFieldProblems<HTMLFormElement>();
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);

  useLayoutEffect(() => {
    if (props.focusFirst) focusOn(root.current?.querySelector('input'));
  }, []);

  function changed(paths: string[]) {
    stale(paths);
    setError(undefined);
    props.onInput();
  }

  async function submit() {
    setError(undefined);
    setBusy(true);
    try {
      const entry = {
        id: editing?.id ?? crypto.randomUUID(),
        label: label.trim(),
        address: addressFromDraft(fields),
      };
      const refused = await props.onSubmit(entry);
      if (refused.length > 0) refuse(refused);
      else clear();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      id="address-form"
      class="address-form"
      ref={root}
      aria-labelledby="address-form-heading"
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) void submit();
      }}
    >
      <h3 id="address-form-heading">
        {editing ? t('options_addressEditHeading', editing.label) : t('options_addressNewHeading')}
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
          onChange={(next, field: AddressField) => {
            setFields(next);
            changed(
              field === 'country'
                ? ['address.country', ...FIELDS_BY_COUNTRY.map((key) => `address.${key}`)]
                : [`address.${field}`],
            );
          }}
          path="address."
        />
        <UnplacedProblems />
      </ProblemsProvider>
      <ErrorText error={error} />
      <div class="row">
        <button type="submit" class="primary" disabled={busy}>
          {editing ? t('options_addressSaveChanges') : t('options_addressAdd')}
        </button>
        {editing && (
          <button type="button" onClick={props.onCancel}>
            {t('options_addressCancelEdit')}
          </button>
        )}
      </div>
    </form>
  );
}
