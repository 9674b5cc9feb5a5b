/**
 * The background's problem sentences in the form's words: it names a field by its API path
 * ("max_price must not be negative."), a page by its label ("Maximum price can't be
 * negative."). Sentences in the API's own terms (cents, addax, "is required: add it") are
 * reworded here, keyed by what they say; any other keeps its words after the label.
 */
import type { FieldProblem } from '../api/problems.ts';
import { type MessageKey, t } from '../shared/i18n.ts';

/** What the rest of a sentence says (after the field's path), and how to say it plainly. */
const PLAIN: readonly (readonly [RegExp, MessageKey])[] = [
  [/^must not be negative/, 'popup_pNegative'],
  [/^must be a whole number of at least 1/, 'popup_pAtLeast1'],
  [/^is required for a managed/, 'popup_pManagedNeeds'],
  [/^is required when ordering with your own/, 'popup_pOwnNeeds'],
  [/^must be left out of a managed/, 'popup_pManagedOnly'],
  [/^is required: (add it\.|give shipping_method)/, 'popup_pRequired'],
];

/** Fields a popup problem may be about with no control on screen: named, never by path. */
const NAMES: readonly (readonly [RegExp, MessageKey])[] = [
  [/^products\.\d+\.quantity$/, 'popup_quantity'],
  [/^max_price$/, 'popup_maxPriceName'],
  [/^shipping_address$/, 'popup_shipTo'],
  [/^shipping_method$/, 'popup_shippingMethod'],
];

/** A sentence about the field named `label`, from the rest of the background's sentence. */
export function plainly(label: string, rest: string): string {
  // "Maximum price (USD)" is "Maximum price" in a sentence.
  const name = label.replace(/ \([^)]*\)$/, '');
  const rule = PLAIN.find(([says]) => says.test(rest));
  return rule ? t(rule[1], name) : `${label} ${rest}`;
}

/** A problem no control shows: its field named in words where the path is known. */
export function plainProblem(problem: FieldProblem): string {
  const name = NAMES.find(([path]) => path.test(problem.field));
  const prefix = `${problem.field} `;
  return name && problem.message.startsWith(prefix)
    ? plainly(t(name[1]), problem.message.slice(prefix.length))
    : problem.message;
}
