import { useState } from 'preact/hooks';
import { t } from '../shared/i18n.ts';
import type { SavedAddress } from './address-form.tsx';
import { Question } from './question.tsx';

/** How a saved address reads in the list: its label, then where it is. */
export const addressLine = (entry: SavedAddress): string =>
  t('options_addressLine', entry.label, entry.address.address_line1, entry.address.city);

/**
 * The saved addresses as one radio group: the chosen one is the default every new order
 * ships to. Each can be edited, or deleted after one question.
 */
export function AddressList(props: {
  addresses: readonly SavedAddress[];
  defaultId: string | null;
  /** Saves the new default; settles once it is saved or refused. */
  onDefault: (entry: SavedAddress) => Promise<void>;
  onEdit: (entry: SavedAddress) => void;
  onDelete: (entry: SavedAddress) => void;
}) {
  const [asking, setAsking] = useState<string | undefined>();
  // The radio follows the click at once, as a radio does, while the choice is saved; it
  // goes back if the save fails, and follows the saved default when that changes.
  const [pending, setPending] = useState<string | undefined>();
  const chosen = pending ?? props.defaultId;
  const choose = (entry: SavedAddress) => {
    setPending(entry.id);
    void props.onDefault(entry).then(() => setPending(undefined));
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
                <span class="sr"> {entry.label}</span>
              </button>
              <button
                type="button"
                id={`delete-${entry.id}`}
                aria-expanded={asking === entry.id}
                onClick={() => setAsking(entry.id)}
              >
                {t('options_addressDelete')}
                <span class="sr"> {entry.label}</span>
              </button>
            </span>
            {asking === entry.id && (
              <Question
                legend={t('options_addressDeleteQuestion', addressLine(entry))}
                confirm={t('options_addressDeleteYes', entry.label)}
                keep={t('options_addressDeleteKeep', entry.label)}
                onConfirm={() => {
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
