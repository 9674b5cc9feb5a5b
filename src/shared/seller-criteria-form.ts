/**
 * Seller selection criteria as a form edits them, and back. The popup's order form
 * and the options page's defaults use the same fields, so they share this one mapping.
 */
import type { RetailerCode } from '../api/retailers.ts';
import type { SellerSelectionCriteria } from '../api/schemas/product.ts';
import { definedOnly, listOf, numberOrText, numberText } from './form-values.ts';
import { centsToText, moneyOrText } from './money.ts';
import type { Settings } from './settings.ts';

/** A yes/no criterion: required, excluded, or left to the service (''). */
export type Tri = '' | 'yes' | 'no';

export const FLAG_CRITERIA = [
  'prime',
  'buy_box',
  'first_party_seller',
  'international',
  'addon',
  'allow_oos',
] as const;
export type FlagCriterion = (typeof FLAG_CRITERIA)[number];

/** The criteria a form lists as choices, types as numbers, and types as merchant ids. */
const CONDITION_LISTS = ['condition_in', 'condition_not_in'] as const;
const NUMBERS = [
  'handling_days_max',
  'min_seller_num_ratings',
  'min_seller_percent_positive_feedback',
] as const;
const MERCHANTS = ['merchant_id_in', 'merchant_id_not_in'] as const;
type Keys<T extends readonly string[]> = T[number];

export type CriteriaForm = { useDefaults: boolean } & Record<FlagCriterion, Tri> &
  Record<Keys<typeof CONDITION_LISTS>, string[]> &
  Record<Keys<typeof NUMBERS | typeof MERCHANTS> | 'max_item_price', string>;

const tri = (value: boolean | undefined): Tri => (value === undefined ? '' : value ? 'yes' : 'no');
const fromTri = (value: Tri) => (value === '' ? undefined : value === 'yes');
/** Each of `keys` with its value. */
const each = <K extends string, T>(keys: readonly K[], value: (key: K) => T) =>
  Object.fromEntries(keys.map((key) => [key, value(key)])) as Record<K, T>;

/** The form of saved criteria; none saved means the service's defaults. */
export function criteriaForm(saved: SellerSelectionCriteria | null | undefined): CriteriaForm {
  const c = saved ?? {};
  return {
    useDefaults: !saved,
    ...each(FLAG_CRITERIA, (flag) => tri(c[flag])),
    ...each(CONDITION_LISTS, (key) => [...(c[key] ?? [])]),
    ...each(NUMBERS, (key) => numberText(c[key])),
    ...each(MERCHANTS, (key) => (c[key] ?? []).join(', ')),
    max_item_price: centsToText(c.max_item_price),
  };
}

/** The criteria a retailer's orders start from: its own, else those of every retailer. */
export function criteriaFormFor(settings: Settings, retailer: RetailerCode | ''): CriteriaForm {
  const own = retailer ? settings.sellerCriteriaByRetailer[retailer] : undefined;
  return criteriaForm(own ?? settings.sellerCriteria);
}

/**
 * The criteria object of a form, for a request or a setting; undefined when the form
 * leaves them to the service. Values the form cannot read stay as typed, for the
 * background's check to name.
 */
export function criteriaFromForm(form: CriteriaForm): Record<string, unknown> | undefined {
  if (form.useDefaults) return undefined;
  const list = (text: string) => (listOf(text).length > 0 ? listOf(text) : undefined);
  return definedOnly({
    ...each(FLAG_CRITERIA, (flag) => fromTri(form[flag])),
    ...each(CONDITION_LISTS, (key) => (form[key].length > 0 ? form[key] : undefined)),
    ...each(NUMBERS, (key) => numberOrText(form[key])),
    ...each(MERCHANTS, (key) => list(form[key])),
    max_item_price: moneyOrText(form.max_item_price),
  });
}
