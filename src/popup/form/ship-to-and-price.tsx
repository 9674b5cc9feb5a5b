import { t } from '../../shared/i18n.ts';
import type { Settings } from '../../shared/settings.ts';
import { SelectField, TextField } from '../../ui/fields.tsx';
import { OneOffAddressFields } from '../later.ts';
import { NEW_ADDRESS, type SectionProps } from './types.ts';

/** The most the order may cost (the max_price guard), in the storefront's currency. */
export function MaxPrice({ draft, onChange, currency }: SectionProps & { currency: string }) {
  return (
    <TextField
      label={t('popup_maxPrice', currency)}
      inputMode="decimal"
      value={draft.maxPrice}
      onInput={(maxPrice) => onChange({ ...draft, maxPrice, maxPriceEdited: true })}
      problems={['max_price']}
    />
  );
}

/** Where the order goes: a saved address, or one typed or pasted for this order. */
export function ShipTo(props: SectionProps & { settings: Settings }) {
  const { draft, onChange } = props;
  const addresses = props.settings.addresses;
  return (
    <>
      <SelectField
        label={t('popup_shipTo')}
        value={draft.addressId}
        options={[
          ...(addresses.length === 0 ? [['', t('popup_noSavedAddress')] as const] : []),
          ...addresses.map((entry) => [entry.id, entry.label] as const),
          [NEW_ADDRESS, t('popup_newAddress')],
        ]}
        onChange={(addressId) => onChange({ ...draft, addressId })}
        // A one-off address's problems are shown at its own fields.
        problems={draft.addressId === NEW_ADDRESS ? [] : ['shipping_address']}
      />
      {draft.addressId === NEW_ADDRESS && <OneOffAddressFields {...props} />}
    </>
  );
}
