import { readAddressBlock } from '../../shared/address-block.ts';
import type { AddressField } from '../../shared/address-rules.ts';
import { type MessageKey, t } from '../../shared/i18n.ts';
import { CheckField, TextField } from '../../ui/fields.tsx';
import type { SectionProps } from './types.ts';

/** The fields of a one-off address, labelled as the address rules name them in their sentences. */
const FIELDS: readonly (readonly [AddressField, MessageKey])[] = [
  ['first_name', 'addressFirstName'],
  ['last_name', 'addressLastName'],
  ['address_line1', 'addressLine1'],
  ['address_line2', 'addressLine2'],
  ['city', 'addressCity'],
  ['state', 'addressState'],
  ['zip_code', 'addressZipCode'],
  ['country', 'addressCountry'],
  ['phone_number', 'addressPhone'],
];

/**
 * An address for this order alone: a pasted block is split into its fields, which the
 * buyer corrects before ordering; the background checks them with the order (each
 * problem shows at its field), and the address is saved only when asked.
 */
export function OneOffAddressFields({ draft, onChange }: SectionProps) {
  const oneOff = draft.oneOff ?? { text: '', address: {}, save: false };
  const set = (change: Partial<typeof oneOff>) =>
    onChange({ ...draft, oneOff: { ...oneOff, ...change } });
  const { unread } = readAddressBlock(oneOff.text);
  return (
    <fieldset>
      <legend>{t('popup_newAddress')}</legend>
      <TextField
        label={t('popup_pasteAddress')}
        multiline
        value={oneOff.text}
        onInput={(text) => set({ text, address: readAddressBlock(text).address })}
        hint={unread.length > 0 ? t('popup_notPlaced', unread.join(' · ')) : t('popup_pasteHint')}
      />
      <div class="grid">
        {FIELDS.map(([field, label]) => (
          <TextField
            key={field}
            label={t(label)}
            value={oneOff.address[field] ?? ''}
            onInput={(value) => set({ address: { ...oneOff.address, [field]: value } })}
            problems={[`shipping_address.${field}`]}
          />
        ))}
      </div>
      <CheckField
        label={t('popup_saveAddress')}
        checked={oneOff.save}
        onChange={(save) => set({ save })}
      />
    </fieldset>
  );
}
