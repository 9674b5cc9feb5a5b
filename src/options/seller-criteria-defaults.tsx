import { useState } from 'preact/hooks';
import type { RetailerCode } from '../api/retailers.ts';
import {
  type CriteriaForm,
  criteriaFormFor,
  criteriaFromForm,
} from '../shared/seller-criteria-form.ts';
import type { Settings } from '../shared/settings.ts';
import { CriteriaFields } from '../ui/criteria-fields.tsx';
import { RetailerSelect } from '../ui/retailer-select.tsx';
import { Group } from '../ui/section.tsx';

type Criteria = Settings['sellerCriteria'];

/**
 * Seller criteria for every retailer (none: the service's defaults) and overrides per
 * retailer, edited one at a time with the same fields as the popup's.
 */
export function SellerCriteriaDefaults(props: {
  value: Settings;
  onChange: (value: Partial<Pick<Settings, 'sellerCriteria' | 'sellerCriteriaByRetailer'>>) => void;
}) {
  const [retailer, setRetailer] = useState<RetailerCode | ''>('');
  const [form, setForm] = useState(criteriaFormFor(props.value, ''));
  const path = retailer === '' ? 'sellerCriteria' : `sellerCriteriaByRetailer.${retailer}`;

  function apply(next: CriteriaForm) {
    setForm(next);
    // Values the form cannot read go as typed: the background's check names them.
    const value = (criteriaFromForm(next) ?? null) as Criteria;
    if (retailer === '') return props.onChange({ sellerCriteria: value });
    const byRetailer = { ...props.value.sellerCriteriaByRetailer };
    if (value) byRetailer[retailer] = value;
    else delete byRetailer[retailer];
    props.onChange({ sellerCriteriaByRetailer: byRetailer });
  }

  return (
    <Group legend="Which sellers’ offers to take">
      <RetailerSelect
        label="Seller criteria for"
        any="Every retailer"
        value={retailer}
        describe={(code) =>
          `${code}${props.value.sellerCriteriaByRetailer[code] ? ' (own criteria)' : ''}`
        }
        onChange={(next) => {
          setRetailer(next);
          setForm(criteriaFormFor(props.value, next));
        }}
        hint={
          retailer === ''
            ? 'Empty means the service’s defaults: prime, handling within 6 days, New.'
            : `Criteria for ${retailer} only; without them, ${retailer} uses those of every retailer.`
        }
      />
      <CriteriaFields key={retailer} form={form} onChange={apply} at={[path]} />
    </Group>
  );
}
