import { useState } from 'preact/hooks';
import type { FieldProblem } from '../api/problems.ts';
import { RETAILER_CODES, type RetailerCode } from '../api/retailers.ts';
import { criteriaOf } from '../popup/build-request.ts';
import { CriteriaFields } from '../popup/criteria-fields.tsx';
import { criteriaDraft } from '../popup/draft.ts';
import { SelectField } from '../popup/fields.tsx';
import type { Settings } from '../shared/settings.ts';
import { problemAt } from './field-problems.ts';

/** The popup's criteria controls' labels, to word a criterion's problem at its control. */
const CRITERIA_LABELS: Record<string, string> = {
  handling_days_max: 'Ships within (days)',
  max_item_price: 'Max item price',
  min_seller_num_ratings: 'Min seller ratings',
  min_seller_percent_positive_feedback: 'Min positive feedback (%)',
  merchant_id_in: 'Only these merchant ids',
  merchant_id_not_in: 'Never these merchant ids',
};

/**
 * Seller criteria for every retailer (none: the service's defaults) and overrides per
 * retailer, edited one at a time with the popup's criteria fields.
 */
export function SellerCriteriaDefaults(props: {
  value: Settings;
  onChange: (value: Partial<Pick<Settings, 'sellerCriteria' | 'sellerCriteriaByRetailer'>>) => void;
  problems: readonly FieldProblem[];
}) {
  const [retailer, setRetailer] = useState<RetailerCode | ''>('');
  const [criteria, setCriteria] = useState(criteriaDraft(props.value, ''));
  const path = retailer === '' ? 'sellerCriteria' : `sellerCriteriaByRetailer.${retailer}`;

  function apply(next: ReturnType<typeof criteriaDraft>) {
    setCriteria(next);
    const value = criteriaOf(next) ?? null;
    if (retailer === '') return props.onChange({ sellerCriteria: value });
    const byRetailer = { ...props.value.sellerCriteriaByRetailer };
    if (value) byRetailer[retailer] = value;
    else delete byRetailer[retailer];
    props.onChange({ sellerCriteriaByRetailer: byRetailer });
  }

  // Problems of criteria not in view (another retailer's) are listed as they came.
  const elsewhere = props.problems.filter(
    (problem) =>
      /^sellerCriteria(ByRetailer)?(\.|$)/.test(problem.field) &&
      problem.field !== path &&
      !problem.field.startsWith(`${path}.`),
  );

  return (
    <fieldset>
      <legend>Which sellers’ offers to take</legend>
      <SelectField
        label="Seller criteria for"
        value={retailer}
        options={[
          ['', 'Every retailer'],
          ...RETAILER_CODES.map(
            (code) =>
              [
                code,
                `${code}${props.value.sellerCriteriaByRetailer[code] ? ' (own criteria)' : ''}`,
              ] as const,
          ),
        ]}
        onChange={(next) => {
          setRetailer(next);
          setCriteria(criteriaDraft(props.value, next));
        }}
        hint={
          retailer === ''
            ? 'Empty means the service’s defaults: prime, handling within 6 days, New.'
            : `Criteria for ${retailer} only; without them, ${retailer} uses those of every retailer.`
        }
      />
      <CriteriaFields
        key={retailer}
        criteria={criteria}
        onChange={apply}
        errorOf={(field) => {
          const name = field.split('.').at(-1) ?? field;
          return problemAt(
            props.problems,
            field.replace('products.0.seller_selection_criteria', path),
            CRITERIA_LABELS[name] ?? name,
          );
        }}
      />
      {elsewhere.map((problem) => (
        <p key={problem.field} class="error" role="alert">
          {problem.message}
        </p>
      ))}
    </fieldset>
  );
}
