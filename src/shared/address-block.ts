/**
 * A pasted address block, on lines or on one line with commas, split into the fields of
 * a one-off shipping address. Every value comes from the text as written (only a
 * country's name becomes its code); a field the text does not give stays empty, and any
 * part it could not place is handed back, so the buyer corrects everything before ordering.
 */
import { countryCode, subdivisionCode } from './address-codes.ts';
import { type AddressText, POSTAL_CODE } from './address-rules.ts';

export interface ReadAddressBlock {
  address: AddressText;
  /** Parts of the text that fit no field, as written. */
  unread: string[];
}

const { US: US_ZIP, CA: CA_POSTAL, GB: UK_POSTCODE } = POSTAL_CODE;

/** The last part of a town line: a state and a ZIP code, or a province and a postal code. */
const STATE_AND_CODE = new RegExp(
  String.raw`^(?:(?<rest>.*?)[\s,]+)?(?<state>[A-Z]{2})[\s,]+(?<zip>${US_ZIP}|${CA_POSTAL})$`,
  'i',
);
/** A postal code at the end of a part, with whatever comes before it (a town, a state's name). */
const CODE_AT_END = new RegExp(
  String.raw`^(?:(?<rest>.*?)[\s,]+)?(?<zip>${US_ZIP}|${CA_POSTAL}|${UK_POSTCODE})$`,
  'i',
);
/** Continental order: the postal code before the town ("10115 Berlin"). */
const CODE_FIRST = /^(?<zip>\d{4,5})\s+(?<city>\D.*)$/;

const PHONE_LABEL = /^(?:phone(?:\s*number)?|telephone|tel|mobile|cell|ph)\b\.?\s*:?\s*/i;
const PHONE = /^\+?[\d\s().\-/]+$/;
const UNIT = /^(?:apt|apartment|suite|ste|unit|flat|floor|fl|room|rm|building|bldg|#)\b\.?|^#/i;
const STREET_START = /^(?:\d|p\.?\s*o\.?\s*box\b)/i;
/** A person's name: letters, with spaces, hyphens, apostrophes and full stops between. */
const NAME = /^\p{L}[\p{L}\p{M}'’.\- ]*$/u;

/** Labels a pasted block may start its lines with, which are not part of any value. */
const LINE_LABEL = /^(?:ship(?:ping)? to|deliver(?:y)? to|name|address)\s*:\s*/i;

const clean = (text: string) => text.replace(/\s+/g, ' ').trim().replace(LINE_LABEL, '');
const digitsIn = (text: string) => text.replace(/\D/g, '').length;

/** A phone number, labelled or not; unlabelled it needs ten digits or a leading +. */
function phoneOf(part: string): string | undefined {
  const labelled = PHONE_LABEL.test(part);
  const number = part.replace(PHONE_LABEL, '');
  if (!PHONE.test(number)) return undefined;
  const digits = digitsIn(number);
  const enough = labelled || number.startsWith('+') ? digits >= 7 : digits >= 10;
  return enough && digits <= 15 ? number : undefined;
}

/** Splits "Cambridge Massachusetts" into the town and a state written by its US name. */
function townAndStateName(text: string): { city?: string; state?: string } {
  const words = text.split(' ');
  for (let take = Math.min(4, words.length); take >= 1; take--) {
    const state = words.slice(-take).join(' ');
    if (subdivisionCode('US', state) || subdivisionCode('CA', state)) {
      const city = words.slice(0, -take).join(' ');
      return city ? { city, state } : { state };
    }
  }
  return { city: text };
}

interface TownLine {
  index: number;
  /** None: the part before this one is the town. */
  city?: string | undefined;
  state?: string | undefined;
  zip: string;
}

/** The part that holds the postal code, read from the end, and what it says. */
function findTownLine(parts: string[], continental: boolean): TownLine | undefined {
  for (let index = parts.length - 1; index >= 1; index--) {
    const part = parts[index] ?? '';
    const coded = STATE_AND_CODE.exec(part);
    if (coded?.groups) {
      const { rest, state, zip = '' } = coded.groups;
      return { index, city: rest, state, zip };
    }
    const atEnd = CODE_AT_END.exec(part);
    // "PO Box 12345" ends in five digits too, but it is a street line.
    if (atEnd?.groups && !STREET_START.test(atEnd.groups.rest ?? '')) {
      const { rest, zip = '' } = atEnd.groups;
      return { index, zip, ...(rest ? townAndStateName(rest) : {}) };
    }
    const first = continental ? CODE_FIRST.exec(part) : null;
    if (first?.groups) return { index, city: first.groups.city, zip: first.groups.zip ?? '' };
  }
  return undefined;
}

/** The country on the last part, if it names one; two letters only after a postal code. */
function countryAtEnd(parts: string[]): string | undefined {
  const last = parts.at(-1);
  if (!last || parts.length < 2) return undefined;
  const code = countryCode(last);
  if (!code) return undefined;
  // "CA" alone may be California, "Georgia" the state: such a country must follow the
  // town line.
  const alsoState = last.length === 2 || subdivisionCode('US', last) !== undefined;
  if (alsoState && !findTownLine(parts.slice(0, -1), false)) return undefined;
  return code;
}

function splitName(name: string): Pick<AddressText, 'first_name' | 'last_name'> {
  const words = name.split(' ');
  if (words.length === 1) return { first_name: name };
  return { first_name: words.slice(0, -1).join(' '), last_name: words.at(-1) ?? '' };
}

/**
 * The street part of the block (what comes before the town line): the name, then the
 * first line (the first part that starts with a number or a PO box), then a unit line.
 */
function readStreet(parts: string[], address: AddressText, unread: string[]): void {
  const rest = [...parts];
  if (NAME.test(rest[0] ?? '')) Object.assign(address, splitName(rest.shift() ?? ''));
  const plain = (part: string) => !UNIT.test(part) && !part.includes('@');
  const streetAt = rest.findIndex((part) => STREET_START.test(part));
  const line1At = streetAt >= 0 ? streetAt : rest.findIndex(plain);
  if (line1At >= 0) address.address_line1 = rest.splice(line1At, 1)[0] ?? '';
  const unitAt = rest.findIndex((part) => UNIT.test(part));
  if (unitAt >= 0) address.address_line2 = rest.splice(unitAt, 1)[0] ?? '';
  // A single plain part right after the first line is its second line ("Rear building");
  // a part before it (a company's name) has no field.
  else if (line1At === 0 && rest.length === 1 && plain(rest[0] ?? ''))
    address.address_line2 = rest.shift() ?? '';
  unread.push(...rest);
}

/** Reads a pasted address block; see the module's comment. */
export function readAddressBlock(text: string): ReadAddressBlock {
  const address: AddressText = {};
  const unread: string[] = [];
  let parts = text
    .split(/\r?\n/)
    .flatMap((line) => line.split(','))
    .map(clean)
    .filter(Boolean);

  // The phone number may sit on any line.
  parts = parts.filter((part) => {
    const phone = phoneOf(part);
    if (phone === undefined || address.phone_number !== undefined) return true;
    address.phone_number = clean(phone);
    return false;
  });

  const country = countryAtEnd(parts);
  if (country) {
    address.country = country;
    parts = parts.slice(0, -1);
  }

  const continental = country !== undefined && !['US', 'CA', 'GB'].includes(country);
  const town = findTownLine(parts, continental);
  if (!town) {
    // One part with no commas and no town line cannot be split without guessing.
    if (parts.length === 1) unread.push(...parts);
    else readStreet(parts, address, unread);
    return { address, unread };
  }
  address.zip_code = town.zip.toUpperCase();
  if (town.state) address.state = town.state;
  let streetEnd = town.index;
  if (town.city) address.city = town.city;
  else if (town.index >= 2) {
    streetEnd = town.index - 1;
    const before = parts[streetEnd] ?? '';
    // "Cambridge, MA, 02139": the state stood alone before the code.
    if (!town.state && /^[A-Z]{2}$/i.test(before) && town.index >= 3) {
      address.state = before;
      streetEnd -= 1;
    }
    address.city = parts[streetEnd] ?? '';
  }
  readStreet(parts.slice(0, streetEnd), address, unread);
  unread.push(...parts.slice(town.index + 1));
  return { address, unread };
}
