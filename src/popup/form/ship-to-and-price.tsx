import type { Settings } from '../../shared/settings.ts';
import { SelectField, TextField } from '../../ui/fields.tsx';
import type { SectionProps } from './types.ts';

/** Where the order goes, and the most it may cost (the max_price guard). */
export function ShipToAndPrice(props: SectionProps & { settings: Settings; currency: string }) {
  const { draft, onChange, settings } = props;
  const addresses = settings.addresses;
  return (
    <>
      <SelectField
        label="Ship to"
        value={draft.addressId}
        options={[
          ['', addresses.length === 0 ? 'No saved address: add one in Options' : 'Choose…'],
          ...addresses.map((entry) => [entry.id, entry.label] as const),
        ]}
        onChange={(addressId) => onChange({ ...draft, addressId })}
        problems={['shipping_address']}
      />
      <TextField
        label={`Maximum price (${props.currency})`}
        inputMode="decimal"
        value={draft.maxPrice}
        onInput={(maxPrice) => onChange({ ...draft, maxPrice, maxPriceEdited: true })}
        problems={['max_price']}
        hint="The order fails rather than cost more than this."
      />
    </>
  );
}
