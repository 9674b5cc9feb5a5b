/**
 * The rules of an address (decisions.md, Values): which fields are required, and how the
 * country, the state and the ZIP code are written. Each problem is one sentence that
 * names the field as its label does and says what to write, so that a form can show it
 * beside the field and the background's check can refuse with the same words. Pure and
 * zod-free: the pages check as the user types, the service schema checks before sending.
 */
import {
  COUNTRY_CODES,
  countryCode,
  countryName,
  SUBDIVISIONS,
  subdivisionCode,
} from './address-codes.ts';
import { type MessageKey, t } from './i18n.ts';

export const ADDRESS_FIELDS = [
  'first_name',
  'last_name',
  'address_line1',
  'address_line2',
  'city',
  'state',
  'zip_code',
  'country',
  'phone_number',
  'instructions',
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** decisions.md: everything but the second line and the delivery instructions. */
export const REQUIRED_ADDRESS_FIELDS: ReadonlySet<AddressField> = new Set([
  'first_name',
  'last_name',
  'address_line1',
  'zip_code',
  'city',
  'state',
  'country',
  'phone_number',
]);

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

const LABELS: Record<AddressField, MessageKey> = {
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
};

/** The US and the territories with their own country code all use USPS ZIP codes. */
const ZIP_COUNTRIES = new Set(['US', 'PR', 'GU', 'VI', 'AS', 'MP']);
const UK_POSTCODE_COUNTRIES = new Set(['GB', 'JE', 'GG', 'IM']);

function regionalLabel(field: 'state' | 'zip_code', country: string): MessageKey {
  if (country === '' || ZIP_COUNTRIES.has(country)) return LABELS[field];
  if (country === 'CA') return field === 'state' ? 'addressProvince' : 'addressPostalCode';
  if (UK_POSTCODE_COUNTRIES.has(country))
    return field === 'state' ? 'addressCounty' : 'addressPostcode';
  return field === 'state' ? 'addressRegion' : 'addressPostalCode';
}

/**
 * The label of a field for an address in `country` (a code). The state and the ZIP code
 * are called as that country calls them; a form that shows these labels gets problems
 * that name its fields exactly.
 */
export function addressFieldLabel(field: AddressField, country = ''): string {
  const code = country.trim().toUpperCase();
  return t(field === 'state' || field === 'zip_code' ? regionalLabel(field, code) : LABELS[field]);
}

interface PostalFormat {
  pattern: RegExp;
  /** The sentence, with the field's label to substitute. */
  rule: MessageKey;
}

/** Postal codes as each country writes them; a pasted address block is read with them too. */
export const POSTAL_CODE = {
  US: String.raw`\d{5}(?:-\d{4})?`,
  CA: String.raw`[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d`,
  // Loose but real: outward code (A9, A99, A9A, AA9, AA99, AA9A), then 9AA.
  GB: String.raw`(?:[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}|GIR ?0AA)`,
};
const format = (code: string, rule: MessageKey): PostalFormat => ({
  pattern: new RegExp(`^(?:${code})$`, 'i'),
  rule,
});
const POSTAL_FORMATS: Record<string, PostalFormat> = {
  ...Object.fromEntries(
    [...ZIP_COUNTRIES].map((code) => [code, format(POSTAL_CODE.US, 'addressUsZip')]),
  ),
  CA: format(POSTAL_CODE.CA, 'addressCanadianPostalCode'),
  ...Object.fromEntries(
    [...UK_POSTCODE_COUNTRIES].map((code) => [code, format(POSTAL_CODE.GB, 'addressUkPostcode')]),
  ),
};

/** The example each country's state rule gives. */
const STATE_EXAMPLE: Record<string, string> = { US: 'MA', CA: 'ON' };

function countryProblem(value: string): AddressProblem | undefined {
  if (COUNTRY_CODES.has(value)) return undefined;
  const upper = value.toUpperCase();
  if (COUNTRY_CODES.has(upper))
    return {
      field: 'country',
      message: t('addressInCapitals', addressFieldLabel('country'), upper),
      suggestion: upper,
    };
  const code = countryCode(value);
  if (code)
    return {
      field: 'country',
      message: t('addressCountryCodeFor', code, countryName(code)),
      suggestion: code,
    };
  return { field: 'country', message: t('addressCountryCode') };
}

function stateProblem(country: string, value: string): AddressProblem | undefined {
  const table = SUBDIVISIONS[country];
  if (!table || Object.hasOwn(table, value)) return undefined;
  const label = addressFieldLabel('state', country);
  const upper = value.toUpperCase();
  if (Object.hasOwn(table, upper))
    return {
      field: 'state',
      message: t('addressInCapitals', label, upper),
      suggestion: upper,
    };
  const named = subdivisionCode(country, value);
  const example = named ?? STATE_EXAMPLE[country] ?? Object.keys(table)[0] ?? '';
  return {
    field: 'state',
    message: t('addressStateAbbreviation', label, example, table[example] ?? ''),
    ...(named ? { suggestion: named } : {}),
  };
}

function zipProblem(country: string, value: string): AddressProblem | undefined {
  const format = POSTAL_FORMATS[country];
  if (!format || format.pattern.test(value)) return undefined;
  // Nine digits in a row are a ZIP+4 without its hyphen: the fix is plain.
  const plus4 = ZIP_COUNTRIES.has(country) && /^\d{9}$/.test(value);
  return {
    field: 'zip_code',
    message: t(format.rule, addressFieldLabel('zip_code', country)),
    ...(plus4 ? { suggestion: `${value.slice(0, 5)}-${value.slice(5)}` } : {}),
  };
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
    const problem =
      field === 'country'
        ? countryProblem(text)
        : field === 'state'
          ? stateProblem(country, text)
          : field === 'zip_code'
            ? zipProblem(country, text)
            : undefined;
    if (problem) problems.push(problem);
  }
  return problems;
}

export interface AddressSuggestion {
  field: AddressField;
  /** What to write instead. */
  value: string;
  /** The problem's sentence, which names the suggestion ("such as MA for Massachusetts"). */
  message: string;
}

/**
 * The address tidied the way nobody would object to: every field trimmed, the country
 * code and a state abbreviation in capitals. A full state or country name, or a ZIP+4
 * without its hyphen, is not rewritten: it comes back as a suggestion for the user to
 * accept, since a guess written silently into an address sends a parcel astray.
 */
export function normaliseAddress<T extends AddressText>(
  address: T,
): { address: T; suggestions: AddressSuggestion[] } {
  const tidy: AddressText = {};
  for (const [key, value] of Object.entries(address) as [AddressField, string | undefined][])
    if (value !== undefined) tidy[key] = value.trim();
  if (
    tidy.country &&
    /^[a-z]{2}$/i.test(tidy.country) &&
    COUNTRY_CODES.has(tidy.country.toUpperCase())
  )
    tidy.country = tidy.country.toUpperCase();
  const table = SUBDIVISIONS[tidy.country ?? ''];
  if (tidy.state && table && Object.hasOwn(table, tidy.state.toUpperCase()))
    tidy.state = tidy.state.toUpperCase();
  const suggestions = addressProblems(tidy).flatMap((problem) =>
    problem.suggestion
      ? [{ field: problem.field, value: problem.suggestion, message: problem.message }]
      : [],
  );
  return { address: tidy as T, suggestions };
}
