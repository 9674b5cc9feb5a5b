import { readAddressBlock } from '../../shared/address-block.ts';
import { ADDRESS_FIELDS, addressFieldLabel } from '../../shared/address-rules.ts';
import { t } from '../../shared/i18n.ts';
import { CheckField, TextField } from '../../ui/fields.tsx';
import type { SectionProps } from './types.ts';

// Its fields as the address rules label them in their sentences (no delivery instructions).
const FIELDS = ADDRESS_FIELDS.filter((field) => field !== 'instructions');

/**
 * An address for this order alone: a pasted block is split into its fields for the
 * buyer to correct; the background checks them with the order, and saves it if asked.
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
        {FIELDS.map((field) => (
          <TextField
            key={field}
            label={addressFieldLabel(field)}
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
