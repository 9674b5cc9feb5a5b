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

/** The fields whose rules depend on the country: a new country makes their problems stale. */
export const FIELDS_BY_COUNTRY: readonly AddressField[] = ['state', 'zip_code'];

/** What to write in a field, where the rules say how (the country, a US state and ZIP code). */
function hintOf(field: AddressField, country: string): string | undefined {
  if (!REQUIRED_ADDRESS_FIELDS.has(field)) return t('options_optional');
  const us = country.trim().toUpperCase() === 'US';
  if (field === 'country') return t('options_countryHint');
  if (field === 'state' && us) return t('options_usStateHint');
  if (field === 'zip_code' && us) return t('options_usZipHint');
  return undefined;
}

/**
 * The fields of an address, each labelled as its country calls it (State, Province,
 * County; ZIP code, Postal code, Postcode) so that the background's sentences name them
 * exactly, each showing its problems (under `path`).
 */
export function AddressFields(props: {
  value: AddressDraft;
  /** The address with one field changed, and which. */
  onChange: (value: AddressDraft, field: AddressField) => void;
  /** Where the address sits in what the background checks, such as `address.`. */
  path?: string;
  /** Billing addresses have no delivery instructions. */
  without?: readonly AddressField[];
}) {
  const country = props.value.country;
  return (
    <div class="grid">
      {ADDRESS_FIELDS.filter((key) => !props.without?.includes(key)).map((key) => (
        <TextField
          key={key}
          label={addressFieldLabel(key, country)}
          value={props.value[key]}
          onInput={(text) => props.onChange({ ...props.value, [key]: text }, key)}
          problems={[`${props.path ?? ''}${key}`]}
          hint={hintOf(key, country)}
        />
      ))}
    </div>
  );
}
