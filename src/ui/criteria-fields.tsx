import { CONDITIONS } from '../api/contract-constants.ts';
import { t } from '../shared/i18n.ts';
import {
  type CriteriaForm,
  FLAG_CRITERIA,
  type FlagCriterion,
  type Tri,
} from '../shared/seller-criteria-form.ts';
import { CheckField, CheckList, type Options, SelectField, TextField } from './fields.tsx';

const TEXTS = [
  ['handling_days_max', 'numeric'],
  ['max_item_price', 'decimal'],
  ['min_seller_num_ratings', 'numeric'],
  ['min_seller_percent_positive_feedback', 'decimal'],
  ['merchant_id_in', 'text'],
  ['merchant_id_not_in', 'text'],
] as const;

/** A criterion's label (`popup_crit_<criterion>`): one missing from messages.json fails to compile. */
function labelOf(criterion: FlagCriterion | (typeof TEXTS)[number][0]): string {
  const key = `popup_crit_${criterion}` as const;
  return t(key);
}

/**
 * Every seller selection criterion of the contract, or the service's defaults. `at` is where
 * the criteria sit in what the background checks (`sellerCriteria`), so each control claims
 * its own problems there.
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
  const tri: Options<Tri> = [
    ['', t('popup_critAny')],
    ['yes', t('popup_critRequired')],
    ['no', t('popup_critExcluded')],
  ];
  return (
    <>
      <CheckField
        label={t('popup_critDefaults')}
        checked={form.useDefaults}
        onChange={(checked) => set('useDefaults', checked)}
      />
      {!form.useDefaults && (
        <div class="grid">
          {FLAG_CRITERIA.map((key) => (
            <SelectField
              key={key}
              label={labelOf(key)}
              value={form[key]}
              options={tri}
              onChange={(value) => set(key, value)}
              problems={keys(key)}
            />
          ))}
          <CheckList
            legend={t('popup_critOnly')}
            values={CONDITIONS}
            chosen={form.condition_in}
            onChange={(chosen) => set('condition_in', chosen)}
            problems={keys('condition_in')}
          />
          <CheckList
            legend={t('popup_critNever')}
            values={CONDITIONS}
            chosen={form.condition_not_in}
            labelOf={(condition) => t('popup_critNot', condition)}
            onChange={(chosen) => set('condition_not_in', chosen)}
            problems={keys('condition_not_in')}
          />
          {TEXTS.map(([key, inputMode]) => (
            <TextField
              key={key}
              label={labelOf(key)}
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
