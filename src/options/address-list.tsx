import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { t } from '../shared/i18n.ts';
import type { SavedAddress } from './address-form.tsx';

/** How a saved address reads in the list: its label, then where it is. */
export const addressLine = (entry: SavedAddress): string =>
  t('options_addressLine', entry.label, entry.address.address_line1, entry.address.city);

/** The question before an address is deleted, with the two answers; focus starts on "Delete". */
function DeleteQuestion(props: { entry: SavedAddress; onDelete: () => void; onKeep: () => void }) {
  const confirm = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => confirm.current?.focus(), []);
  return (
    <fieldset class="notice">
      <legend>{t('options_addressDeleteQuestion', addressLine(props.entry))}</legend>
      <div class="row">
        <button type="button" class="danger" ref={confirm} onClick={props.onDelete}>
          {t('options_addressDeleteYes', props.entry.label)}
        </button>
        <button type="button" onClick={props.onKeep}>
          {t('options_addressDeleteKeep', props.entry.label)}
        </button>
      </div>
    </fieldset>
  );
}

/**
 * The saved addresses as one radio group: the chosen one is the default every new order
 * ships to. Each can be edited, or deleted after one question.
 */
export function AddressList(props: {
  addresses: readonly SavedAddress[];
  defaultId: string | null;
  /** Saves the new default; answers whether it was saved. */
  onDefault: (entry: SavedAddress) => Promise<boolean>;
  onEdit: (entry: SavedAddress) => void;
  onDelete: (entry: SavedAddress) => void;
}) {
  const [asking, setAsking] = useState<string | undefined>();
  // The radio follows the click at once, as a radio does, while the choice is saved; it
  // goes back if the save fails, and follows the saved default when that changes.
  const [chosen, setChosen] = useState(props.defaultId);
  useLayoutEffect(() => setChosen(props.defaultId), [props.defaultId]);
  const choose = (entry: SavedAddress) => {
    setChosen(entry.id);
    void props.onDefault(entry).then((saved) => {
      if (!saved) setChosen(props.defaultId);
    });
  };
  if (props.addresses.length === 0) return <p class="hint">{t('options_addressNone')}</p>;
  return (
    <fieldset class="address-list">
      <legend>{t('options_addressDefaultLegend')}</legend>
      <p class="hint">{t('options_addressDefaultHint')}</p>
      <ul class="plain">
        {props.addresses.map((entry) => (
          <li key={entry.id} class="address-row">
            <span class="address-choice">
              <input
                type="radio"
                name="default-address"
                id={`default-${entry.id}`}
                checked={chosen === entry.id}
                onChange={() => choose(entry)}
              />
              <label for={`default-${entry.id}`}>{addressLine(entry)}</label>
            </span>
            <span class="row">
              <button type="button" id={`edit-${entry.id}`} onClick={() => props.onEdit(entry)}>
                {t('options_addressEdit')}
                <span class="visually-hidden"> {entry.label}</span>
              </button>
              <button
                type="button"
                id={`delete-${entry.id}`}
                aria-expanded={asking === entry.id}
                onClick={() => setAsking(entry.id)}
              >
                {t('options_addressDelete')}
                <span class="visually-hidden"> {entry.label}</span>
              </button>
            </span>
            {asking === entry.id && (
              <DeleteQuestion
                entry={entry}
                onDelete={() => {
                  setAsking(undefined);
                  props.onDelete(entry);
                }}
                onKeep={() => {
                  setAsking(undefined);
                  document.getElementById(`delete-${entry.id}`)?.focus();
                }}
              />
            )}
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
