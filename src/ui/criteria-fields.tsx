import { CONDITIONS } from '../api/contract-constants.ts';
import type { CriteriaForm, FlagCriterion, Tri } from '../shared/seller-criteria-form.ts';
import { CheckField, CheckList, type Options, SelectField, TextField } from './fields.tsx';

const TRI: Options<Tri> = [
  ['', 'Any'],
  ['yes', 'Required'],
  ['no', 'Excluded'],
];
const FLAGS: readonly (readonly [FlagCriterion, string])[] = [
  ['prime', 'Prime'],
  ['buy_box', 'Buy box'],
  ['first_party_seller', 'First-party seller'],
  ['international', 'International seller'],
  ['addon', 'Add-on item'],
  ['allow_oos', 'Out of stock allowed'],
];
const TEXTS: readonly (readonly [
  keyof CriteriaForm & string,
  string,
  'numeric' | 'decimal' | 'text',
])[] = [
  ['handling_days_max', 'Ships within (days)', 'numeric'],
  ['max_item_price', 'Max item price', 'decimal'],
  ['min_seller_num_ratings', 'Min seller ratings', 'numeric'],
  ['min_seller_percent_positive_feedback', 'Min positive feedback (%)', 'decimal'],
  ['merchant_id_in', 'Only these merchant ids', 'text'],
  ['merchant_id_not_in', 'Never these merchant ids', 'text'],
];

/**
 * Every seller selection criterion of the contract, or the service's defaults. The
 * popup shows them for an order and the options page for the saved defaults; `at` is
 * where the criteria sit in what the background checks (`products.0.seller_selection_criteria`,
 * `sellerCriteria`), so each control claims its own problems there.
 */
export function CriteriaFields(props: {
  form: CriteriaForm;
  onChange: (form: CriteriaForm) => void;
  at: readonly string[];
}) {
  const { form, onChange } = props;
  const set = <K extends keyof CriteriaForm>(key: K, value: CriteriaForm[K]) =>
    onChange({ ...form, [key]: value });
  const keys = (field: string) => props.at.map((path) => `${path}.${field}`);
  return (
    <>
      <CheckField
        label="Use the service’s defaults (prime, ships within 6 days, New)"
        checked={form.useDefaults}
        onChange={(checked) => set('useDefaults', checked)}
      />
      {!form.useDefaults && (
        <div class="grid">
          {FLAGS.map(([key, label]) => (
            <SelectField
              key={key}
              label={label}
              value={form[key]}
              options={TRI}
              onChange={(value) => set(key, value)}
              problems={keys(key)}
            />
          ))}
          <CheckList
            legend="Condition: only"
            values={CONDITIONS}
            chosen={form.condition_in}
            onChange={(chosen) => set('condition_in', chosen)}
            problems={keys('condition_in')}
          />
          <CheckList
            legend="Condition: never"
            values={CONDITIONS}
            chosen={form.condition_not_in}
            labelOf={(condition) => `Not ${condition}`}
            onChange={(chosen) => set('condition_not_in', chosen)}
            problems={keys('condition_not_in')}
          />
          {TEXTS.map(([key, label, inputMode]) => (
            <TextField
              key={key}
              label={label}
              inputMode={inputMode}
              value={form[key] as string}
              onInput={(value) => set(key, value)}
              problems={keys(key)}
            />
          ))}
        </div>
      )}
    </>
  );
}
