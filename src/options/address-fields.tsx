import type { Address } from '../api/schemas/address.ts';
import { TextField } from '../ui/fields.tsx';

export const ADDRESS_FIELDS = [
  ['first_name', 'First name', true],
  ['last_name', 'Last name', true],
  ['address_line1', 'Address line 1', true],
  ['address_line2', 'Address line 2', false],
  ['city', 'City', true],
  ['state', 'State', true],
  ['zip_code', 'ZIP code', true],
  ['country', 'Country', true],
  ['phone_number', 'Phone number', true],
  ['instructions', 'Delivery instructions', false],
] as const;

type AddressKey = (typeof ADDRESS_FIELDS)[number][0];
export type AddressDraft = Record<AddressKey, string>;

export function emptyAddress(): AddressDraft {
  return Object.fromEntries(
    ADDRESS_FIELDS.map(([key]) => [key, key === 'country' ? 'US' : '']),
  ) as AddressDraft;
}

export function addressDraftOf(address: Address): AddressDraft {
  return Object.fromEntries(
    ADDRESS_FIELDS.map(([key]) => [key, address[key] ?? '']),
  ) as AddressDraft;
}

/** The address to check and store: trimmed, optional fields left out when empty. */
export function addressFromDraft(draft: AddressDraft): Record<string, string> {
  return Object.fromEntries(
    Object.entries(draft)
      .map(([key, value]) => [key, value.trim()] as const)
      .filter(([, value]) => value !== ''),
  );
}

/** The fields of an address, each labelled, each showing its problems (under `path`). */
export function AddressFields(props: {
  value: AddressDraft;
  onChange: (value: AddressDraft) => void;
  /** Where the address sits in what the background checks, such as `address.`. */
  path?: string;
  /** Billing addresses have no delivery instructions. */
  without?: readonly AddressKey[];
}) {
  return (
    <div class="grid">
      {ADDRESS_FIELDS.filter(([key]) => !props.without?.includes(key)).map(
        ([key, label, required]) => (
          <TextField
            key={key}
            label={label}
            value={props.value[key]}
            onInput={(text) => props.onChange({ ...props.value, [key]: text })}
            problems={[`${props.path ?? ''}${key}`]}
            {...(required ? {} : { hint: 'Optional.' })}
          />
        ),
      )}
    </div>
  );
}
