import { useState } from 'preact/hooks';
import type { RetailerCode } from '../api/retailers.ts';
import { t } from '../shared/i18n.ts';
import {
  type CriteriaForm,
  criteriaFormFor,
  criteriaFromForm,
} from '../shared/seller-criteria-form.ts';
import type { Settings } from '../shared/settings.ts';
import { CriteriaFields } from '../ui/criteria-fields.tsx';
import { RetailerSelect } from '../ui/retailer-select.tsx';
import { Group } from '../ui/section.tsx';
import { retailerName } from './words.ts';

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
    <Group legend={t('options_criteriaLegend')}>
      <RetailerSelect
        label={t('options_criteriaFor')}
        any={t('options_everyRetailer')}
        value={retailer}
        describe={(code) =>
          props.value.sellerCriteriaByRetailer[code]
            ? t('options_retailerOwnCriteria', retailerName(code))
            : retailerName(code)
        }
        onChange={(next) => {
          setRetailer(next);
          setForm(criteriaFormFor(props.value, next));
        }}
        hint={
          retailer === ''
            ? t('options_criteriaEveryHint')
            : t('options_criteriaRetailerHint', retailerName(retailer))
        }
      />
      <CriteriaFields key={retailer} form={form} onChange={apply} at={[path]} />
    </Group>
  );
}
