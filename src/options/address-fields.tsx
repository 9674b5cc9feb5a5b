import {
  ADDRESS_FIELDS,
  type AddressField,
  addressFieldLabel,
  REQUIRED_ADDRESS_FIELDS,
} from '../shared/address-rules.ts';
import { t } from '../shared/i18n.ts';
import { TextField } from '../ui/fields.tsx';

export type AddressDraft = Record<AddressField, string>;

/** An address as the form holds it, text in every field; a new one is in the US. */
export function addressDraftOf(
  address: { [K in AddressField]?: string | undefined } = { country: 'US' },
): AddressDraft {
  return Object.fromEntries(ADDRESS_FIELDS.map((key) => [key, address[key] ?? ''])) as AddressDraft;
}

/** The address to check and store: trimmed, optional fields left out when empty. */
export function addressFromDraft(draft: AddressDraft): Record<string, string> {
  return Object.fromEntries(
    Object.entries(draft)
      .map(([key, value]) => [key, value.trim()] as const)
      .filter(([, value]) => value !== ''),
  );
}

/** What to write in a field, where the rules say how (the country, a US state and ZIP code). */
function hintOf(field: AddressField, country: string): string | undefined {
  if (!REQUIRED_ADDRESS_FIELDS.has(field)) return t('options_optional');
  const us = country.trim().toUpperCase() === 'US';
  if (field === 'country') return t('options_countryHint');
  if (field === 'state' && us) return t('options_usStateHint');
  if (field === 'zip_code' && us) return t('options_usZipHint');
  return undefined;
}

/** An address's fields, named as its country and the background's sentences name them. */
export function AddressFields(props: {
  value: AddressDraft;
  onChange: (value: AddressDraft, stale: string[]) => void;
  path: string;
  /** Billing addresses have no delivery instructions. */
  without?: AddressField;
}) {
  const { country } = props.value;
  const at = (key: string) => `${props.path}${key}`;
  return (
    <div class="grid">
      {ADDRESS_FIELDS.filter((key) => key !== props.without).map((key) => (
        <TextField
          key={key}
          label={addressFieldLabel(key, country)}
          value={props.value[key]}
          onInput={(text) =>
            props.onChange(
              { ...props.value, [key]: text },
              key === 'country' ? [at(key), at('state'), at('zip_code')] : [at(key)],
            )
          }
          problems={[at(key)]}
          hint={hintOf(key, country)}
        />
      ))}
    </div>
  );
}
