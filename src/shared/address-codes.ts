/**
 * The codes an address is written with (ISO 3166-1 alpha-2 countries, listed in
 * country-codes.ts; US state and Canadian province abbreviations) and the names people
 * type instead. Zod-free, so pages,
 * the background and the service's schemas check addresses by the same lists.
 */

import { COUNTRY_CODES } from './country-codes.ts';

type Named = readonly (readonly [code: string, name: string])[];

/** USPS abbreviations: the 50 states, DC, the inhabited territories and the military "states". */
export const US_STATES: Readonly<Record<string, string>> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  DC: 'District of Columbia',
  AS: 'American Samoa',
  GU: 'Guam',
  MP: 'Northern Mariana Islands',
  PR: 'Puerto Rico',
  VI: 'U.S. Virgin Islands',
  AA: 'Armed Forces Americas',
  AE: 'Armed Forces Europe',
  AP: 'Armed Forces Pacific',
};

/** Canada Post abbreviations of the provinces and territories. */
export const CA_PROVINCES: Readonly<Record<string, string>> = {
  AB: 'Alberta',
  BC: 'British Columbia',
  MB: 'Manitoba',
  NB: 'New Brunswick',
  NL: 'Newfoundland and Labrador',
  NS: 'Nova Scotia',
  NT: 'Northwest Territories',
  NU: 'Nunavut',
  ON: 'Ontario',
  PE: 'Prince Edward Island',
  QC: 'Quebec',
  SK: 'Saskatchewan',
  YT: 'Yukon',
};

/**
 * Where the country has postal abbreviations for its states, the list of them. Mexico is
 * left out on purpose: its addresses carry the state's name, and the ISO 3166-2 codes
 * (CMX, JAL) are not postal abbreviations, so a check would refuse real addresses.
 */
export const SUBDIVISIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  US: US_STATES,
  CA: CA_PROVINCES,
};

/** Lower case, accents and punctuation gone, spaces collapsed: how typed names are matched. */
function foldName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[.,'’]/g, '')
    .replace(/[\s-]+/g, ' ')
    .trim();
}

/** Folded names to codes; a later list's name replaces an earlier one's. */
function byName(...lists: Named[]): Map<string, string> {
  return new Map(lists.flat().map(([code, name]) => [foldName(name), code]));
}

let subdivisionNames: Record<string, Map<string, string>> | undefined;

/**
 * Made on first use, not when the module loads: folding every name costs some 2 ms, which
 * every start of the worker and every page that checks an address would pay.
 */
function subdivisionNameMaps(): Record<string, Map<string, string>> {
  subdivisionNames ??= {
    US: byName(Object.entries(US_STATES), [
      ['VI', 'Virgin Islands'],
      ['VI', 'US Virgin Islands'],
      ['DC', 'Washington DC'],
    ]),
    CA: byName(Object.entries(CA_PROVINCES), [
      ['QC', 'Québec'],
      ['NL', 'Newfoundland'],
      ['YT', 'Yukon Territory'],
    ]),
  };
  return subdivisionNames;
}

/** The abbreviation of a state or province typed by its full name, when one matches exactly. */
export function subdivisionCode(country: string, typed: string): string | undefined {
  return subdivisionNameMaps()[country]?.get(foldName(typed));
}

/** The names people write instead of a code, beyond the English names of the countries. */
const COUNTRY_ALIASES: Named = [
  ['US', 'USA'],
  ['US', 'United States of America'],
  ['US', 'U.S.'],
  ['GB', 'UK'],
  ['GB', 'Great Britain'],
  ['GB', 'Britain'],
  ['GB', 'England'],
  ['GB', 'Scotland'],
  ['GB', 'Wales'],
  ['GB', 'Northern Ireland'],
  ['GB', 'GBR'],
  ['CA', 'CAN'],
  ['MX', 'MEX'],
  ['MX', 'Mexico'],
  ['DE', 'Deutschland'],
  ['DE', 'DEU'],
  ['AU', 'AUS'],
  ['FR', 'FRA'],
];

let countryNames: Map<string, string> | undefined;

/** English country names from the platform (every browser and Node ship them), and the aliases. */
function countryNameMap(): Map<string, string> {
  if (countryNames) return countryNames;
  let english: Named = [];
  try {
    const display = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    english = [...COUNTRY_CODES].flatMap((code) => {
      const name = display.of(code);
      return name ? [[code, name] as const] : [];
    });
  } catch {
    // Without display names only the aliases are known; the check still works by code.
  }
  countryNames = byName(english, COUNTRY_ALIASES);
  return countryNames;
}

/** The code of a country typed by its name or a common alias ("United States", "UK"). */
export function countryCode(typed: string): string | undefined {
  const trimmed = typed.trim();
  if (/^[A-Za-z]{2}$/.test(trimmed) && COUNTRY_CODES.has(trimmed.toUpperCase()))
    return trimmed.toUpperCase();
  return countryNameMap().get(foldName(trimmed));
}

/** The English name of a country code, for sentences ("GB for United Kingdom"). */
export function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' }).of(code) ?? code;
  } catch {
    return code;
  }
}
