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

export type CriteriaForm = { useDefaults: boolean } & Record<FlagCriterion, Tri> & {
    condition_in: string[];
    condition_not_in: string[];
    handling_days_max: string;
    max_item_price: string;
    merchant_id_in: string;
    merchant_id_not_in: string;
    min_seller_num_ratings: string;
    min_seller_percent_positive_feedback: string;
  };

const tri = (value: boolean | undefined): Tri => (value === undefined ? '' : value ? 'yes' : 'no');
const fromTri = (value: Tri) => (value === '' ? undefined : value === 'yes');
/** Every yes/no criterion with its value. */
const flags = <T>(value: (flag: FlagCriterion) => T) =>
  Object.fromEntries(FLAG_CRITERIA.map((flag) => [flag, value(flag)])) as Record<FlagCriterion, T>;

/** The form of saved criteria; none saved means the service's defaults. */
export function criteriaForm(saved: SellerSelectionCriteria | null | undefined): CriteriaForm {
  const c = saved ?? {};
  return {
    useDefaults: !saved,
    ...flags((flag) => tri(c[flag])),
    condition_in: [...(c.condition_in ?? [])],
    condition_not_in: [...(c.condition_not_in ?? [])],
    handling_days_max: numberText(c.handling_days_max),
    max_item_price: centsToText(c.max_item_price),
    merchant_id_in: (c.merchant_id_in ?? []).join(', '),
    merchant_id_not_in: (c.merchant_id_not_in ?? []).join(', '),
    min_seller_num_ratings: numberText(c.min_seller_num_ratings),
    min_seller_percent_positive_feedback: numberText(c.min_seller_percent_positive_feedback),
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
    ...flags((flag) => fromTri(form[flag])),
    condition_in: form.condition_in.length > 0 ? form.condition_in : undefined,
    condition_not_in: form.condition_not_in.length > 0 ? form.condition_not_in : undefined,
    handling_days_max: numberOrText(form.handling_days_max),
    max_item_price: moneyOrText(form.max_item_price),
    merchant_id_in: list(form.merchant_id_in),
    merchant_id_not_in: list(form.merchant_id_not_in),
    min_seller_num_ratings: numberOrText(form.min_seller_num_ratings),
    min_seller_percent_positive_feedback: numberOrText(form.min_seller_percent_positive_feedback),
  });
}
