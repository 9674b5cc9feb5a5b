import { CONDITIONS } from '../api/schemas/product.ts';
import type { Draft } from './draft.ts';
import { CheckField, Section, SelectField, TextField } from './fields.tsx';

type Criteria = Draft['criteria'];
type Tri = Criteria['addon'];
const TRI: readonly (readonly [Tri, string])[] = [
  ['', 'Any'],
  ['yes', 'Required'],
  ['no', 'Excluded'],
];
const FLAGS: [
  keyof Criteria &
    ('addon' | 'buy_box' | 'first_party_seller' | 'international' | 'prime' | 'allow_oos'),
  string,
][] = [
  ['prime', 'Prime'],
  ['buy_box', 'Buy box'],
  ['first_party_seller', 'First-party seller'],
  ['international', 'International seller'],
  ['addon', 'Add-on item'],
  ['allow_oos', 'Out of stock allowed'],
];

/** Every seller selection criterion of the spec; the service's defaults when left alone. */
export function CriteriaFields(props: {
  criteria: Criteria;
  onChange: (criteria: Criteria) => void;
  errorOf: (field: string) => string | undefined;
}) {
  const { criteria, onChange } = props;
  const set = <K extends keyof Criteria>(key: K, value: Criteria[K]) =>
    onChange({ ...criteria, [key]: value });
  const error = (field: string) => props.errorOf(`products.0.seller_selection_criteria.${field}`);
  const conditions = (key: 'condition_in' | 'condition_not_in', condition: string, on: boolean) =>
    set(
      key,
      on ? [...criteria[key], condition] : criteria[key].filter((entry) => entry !== condition),
    );
  return (
    <Section title="Seller criteria">
      <CheckField
        label="Use the service’s defaults (prime, ships within 6 days, New)"
        checked={criteria.useDefaults}
        onChange={(checked) => set('useDefaults', checked)}
      />
      {!criteria.useDefaults && (
        <div class="grid">
          {FLAGS.map(([key, label]) => (
            <SelectField
              key={key}
              label={label}
              value={criteria[key]}
              options={TRI}
              onChange={(value) => set(key, value)}
              error={error(key)}
            />
          ))}
          <fieldset class="wide">
            <legend>Condition: only</legend>
            {CONDITIONS.map((condition) => (
              <CheckField
                key={condition}
                label={condition}
                checked={criteria.condition_in.includes(condition)}
                onChange={(on) => conditions('condition_in', condition, on)}
              />
            ))}
          </fieldset>
          <fieldset class="wide">
            <legend>Condition: never</legend>
            {CONDITIONS.map((condition) => (
              <CheckField
                key={condition}
                label={`Not ${condition}`}
                checked={criteria.condition_not_in.includes(condition)}
                onChange={(on) => conditions('condition_not_in', condition, on)}
              />
            ))}
          </fieldset>
          <TextField
            label="Ships within (days)"
            inputMode="numeric"
            value={criteria.handling_days_max}
            onInput={(value) => set('handling_days_max', value)}
            error={error('handling_days_max')}
          />
          <TextField
            label="Max item price"
            inputMode="decimal"
            value={criteria.max_item_price}
            onInput={(value) => set('max_item_price', value)}
            error={error('max_item_price')}
          />
          <TextField
            label="Min seller ratings"
            inputMode="numeric"
            value={criteria.min_seller_num_ratings}
            onInput={(value) => set('min_seller_num_ratings', value)}
            error={error('min_seller_num_ratings')}
          />
          <TextField
            label="Min positive feedback (%)"
            inputMode="decimal"
            value={criteria.min_seller_percent_positive_feedback}
            onInput={(value) => set('min_seller_percent_positive_feedback', value)}
            error={error('min_seller_percent_positive_feedback')}
          />
          <TextField
            label="Only these merchant ids"
            value={criteria.merchant_id_in}
            onInput={(value) => set('merchant_id_in', value)}
            error={error('merchant_id_in')}
          />
          <TextField
            label="Never these merchant ids"
            value={criteria.merchant_id_not_in}
            onInput={(value) => set('merchant_id_not_in', value)}
            error={error('merchant_id_not_in')}
          />
        </div>
      )}
    </Section>
  );
}
