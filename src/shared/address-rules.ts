/**
 * The rules of an address (decisions.md, Values): which fields are required, and how the
 * country, the state and the ZIP code are written. Each problem is one sentence naming the
 * field as its label does, so a form and the background's check use the same words.
 * Zod-free: the pages check as the user types, the service schema before sending.
 */
import { countryCode, countryName, SUBDIVISIONS, subdivisionCode } from './address-codes.ts';
import { COUNTRY_CODES } from './country-codes.ts';
import { type MessageKey, t } from './i18n.ts';

/** Every field of an address, in its order, with the message of its label. */
const LABELS = {
  first_name: 'addressFirstName',
  last_name: 'addressLastName',
  address_line1: 'addressLine1',
  address_line2: 'addressLine2',
  city: 'addressCity',
  state: 'addressState',
  zip_code: 'addressZipCode',
  country: 'addressCountry',
  phone_number: 'addressPhone',
  instructions: 'addressInstructions',
} as const satisfies Record<string, MessageKey>;
export type AddressField = keyof typeof LABELS;
export const ADDRESS_FIELDS = Object.keys(LABELS) as readonly AddressField[];

/** decisions.md: everything but the second line and the delivery instructions. */
export const REQUIRED_ADDRESS_FIELDS: ReadonlySet<AddressField> = new Set(
  ADDRESS_FIELDS.filter((field) => field !== 'address_line2' && field !== 'instructions'),
);

/** An address as typed or received: any field may be missing or of the wrong type. */
export type AddressInput = { readonly [K in AddressField]?: unknown };

/** An address as a form holds it: text in every field it has. */
export type AddressText = Partial<Record<AddressField, string>>;

export interface AddressProblem {
  field: AddressField;
  /** One sentence: the field as its label names it, and what to write. */
  message: string;
  /** The value to write instead, when it can be told from what was typed. */
  suggestion?: string;
}

/** Postal codes as each country writes them; a pasted address block is read with them too. */
export const POSTAL_CODE = {
  US: String.raw`\d{5}(?:-\d{4})?`,
  CA: String.raw`[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d`,
  // Loose but real: outward code (A9, A99, A9A, AA9, AA99, AA9A), then 9AA.
  GB: String.raw`(?:[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}|GIR ?0AA)`,
};

/** What a country calls its state and postal code, and the rule its postal codes follow. */
interface Region {
  state: MessageKey;
  zip_code: MessageKey;
  postal?: { pattern: RegExp; rule: MessageKey };
}
const region = (state: MessageKey, zip: MessageKey, code?: string, rule?: MessageKey): Region => ({
  state,
  zip_code: zip,
  ...(code && rule ? { postal: { pattern: new RegExp(`^(?:${code})$`, 'i'), rule } } : {}),
});
const USPS = region('addressState', 'addressZipCode', POSTAL_CODE.US, 'addressUsZip');
const UK = region('addressCounty', 'addressPostcode', POSTAL_CODE.GB, 'addressUkPostcode');
const OTHER_REGION = region('addressRegion', 'addressPostalCode');
/** The US and the territories with their own country code all use USPS ZIP codes. */
const REGIONS: Record<string, Region> = {
  ...Object.fromEntries(['US', 'PR', 'GU', 'VI', 'AS', 'MP'].map((code) => [code, USPS])),
  ...Object.fromEntries(['GB', 'JE', 'GG', 'IM'].map((code) => [code, UK])),
  CA: region('addressProvince', 'addressPostalCode', POSTAL_CODE.CA, 'addressCanadianPostalCode'),
};

/** The label of a field in `country` (a code): the state and ZIP as that country calls them. */
export function addressFieldLabel(field: AddressField, country = ''): string {
  if (field !== 'state' && field !== 'zip_code') return t(LABELS[field]);
  const code = country.trim().toUpperCase();
  return t((code === '' ? USPS : (REGIONS[code] ?? OTHER_REGION))[field]);
}

/** The example each country's state rule gives. */
const STATE_EXAMPLE: Record<string, string> = { US: 'MA', CA: 'ON' };

const problem = (field: AddressField, message: string, suggestion?: string): AddressProblem =>
  suggestion ? { field, message, suggestion } : { field, message };

function countryProblem(_country: string, value: string): AddressProblem | undefined {
  if (COUNTRY_CODES.has(value)) return undefined;
  const upper = value.toUpperCase();
  if (COUNTRY_CODES.has(upper))
    return problem('country', t('addressInCapitals', addressFieldLabel('country'), upper), upper);
  const code = countryCode(value);
  if (code) return problem('country', t('addressCountryCodeFor', code, countryName(code)), code);
  return problem('country', t('addressCountryCode'));
}

function stateProblem(country: string, value: string): AddressProblem | undefined {
  const table = SUBDIVISIONS[country];
  if (!table || Object.hasOwn(table, value)) return undefined;
  const label = addressFieldLabel('state', country);
  const upper = value.toUpperCase();
  if (Object.hasOwn(table, upper))
    return problem('state', t('addressInCapitals', label, upper), upper);
  const named = subdivisionCode(country, value);
  const example = named ?? STATE_EXAMPLE[country] ?? Object.keys(table)[0] ?? '';
  const rule = t('addressStateAbbreviation', label, example, table[example] ?? '');
  return problem('state', rule, named);
}

function zipProblem(country: string, value: string): AddressProblem | undefined {
  const postal = REGIONS[country]?.postal;
  if (!postal || postal.pattern.test(value)) return undefined;
  const message = t(postal.rule, addressFieldLabel('zip_code', country));
  // Nine digits in a row are a ZIP+4 without its hyphen: the fix is plain.
  const plus4 = REGIONS[country] === USPS && /^\d{9}$/.test(value);
  return problem('zip_code', message, plus4 ? `${value.slice(0, 5)}-${value.slice(5)}` : undefined);
}

/** The fields whose text follows a rule, beyond being there. */
const CHECKS: Partial<Record<AddressField, typeof stateProblem>> = {
  country: countryProblem,
  state: stateProblem,
  zip_code: zipProblem,
};

/** The address with every field trimmed. */
export function trimAddress<T extends { [K in AddressField]?: string | undefined }>(address: T): T {
  const tidy: AddressText = {};
  for (const [key, value] of Object.entries(address) as [AddressField, string | undefined][])
    if (value !== undefined) tidy[key] = value.trim();
  return tidy as T;
}

/**
 * Every problem of an address, in the order of its fields. Text is judged trimmed. The
 * state and ZIP code formats apply once the country is a valid code, since they depend
 * on it; a country without a known format only needs them filled in.
 */
export function addressProblems(address: AddressInput): AddressProblem[] {
  const rawCountry = typeof address.country === 'string' ? address.country.trim() : '';
  const country = COUNTRY_CODES.has(rawCountry) ? rawCountry : '';
  const problems: AddressProblem[] = [];
  for (const field of ADDRESS_FIELDS) {
    const value = address[field];
    // The label is built only for a problem: a valid address (the usual case, and every
    // order the sandbox checks) costs no sentence at all.
    const label = () => addressFieldLabel(field, rawCountry);
    if (value !== undefined && value !== null && typeof value !== 'string') {
      problems.push({ field, message: t('addressNotText', label()) });
      continue;
    }
    const text = (value ?? '').trim();
    if (text === '') {
      if (REQUIRED_ADDRESS_FIELDS.has(field))
        problems.push({ field, message: t('addressRequired', label()) });
      continue;
    }
    const found = CHECKS[field]?.(country, text);
    if (found) problems.push(found);
  }
  return problems;
}

/**
 * The address tidied the way nobody would object to: trimmed, the country code and a
 * state abbreviation in capitals. A full name or a ZIP+4 without its hyphen comes back as
 * a suggestion instead, since a guess written silently into an address sends a parcel astray.
 */
export function normaliseAddress<T extends AddressText>(
  address: T,
): { address: T; suggestions: AddressProblem[] } {
  const tidy: AddressText = trimAddress(address);
  const country = tidy.country?.toUpperCase();
  if (country && COUNTRY_CODES.has(country)) tidy.country = country;
  const table = SUBDIVISIONS[tidy.country ?? ''];
  if (tidy.state && table && Object.hasOwn(table, tidy.state.toUpperCase()))
    tidy.state = tidy.state.toUpperCase();
  const suggestions = addressProblems(tidy).filter((problem) => problem.suggestion);
  return { address: tidy as T, suggestions };
}
