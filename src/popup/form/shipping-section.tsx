import { SHIPPING_METHODS, type ShippingMethod } from '../../api/contract-constants.ts';
import { t } from '../../shared/i18n.ts';
import type { Draft } from '../../shared/order-form-model.ts';
import { SelectField, TextField } from '../../ui/fields.tsx';
import { Section } from '../../ui/section.tsx';
import type { SectionProps } from './types.ts';

// Messages named by a code: the compiler checks that each code has its message.
const methodWords = (method: ShippingMethod) => {
  const key = `popup_ship_${method}` as const;
  return t(key);
};

/** The shipping choice in words: "Cheapest", or "Cheapest within limits". */
export function shippingWords(draft: Draft): string {
  const key = `popup_shipBy_${draft.orderBy}` as const;
  return draft.shippingKind === 'method' ? methodWords(draft.shippingMethod) : t(key);
}

/** A shipping method, or limits on days and cost with the choice by price or speed. */
export function ShippingSection(props: SectionProps & { currency: string }) {
  const { draft, onChange } = props;
  return (
    <Section title={`${t('popup_shipping')} · ${shippingWords(draft)}`}>
      <SelectField
        label={t('popup_shippingChoice')}
        value={draft.shippingKind}
        options={[
          ['method', t('popup_aMethod')],
          ['object', t('popup_limits')],
        ]}
        onChange={(shippingKind) => onChange({ ...draft, shippingKind })}
      />
      {draft.shippingKind === 'method' ? (
        <SelectField
          label={t('popup_shippingMethod')}
          value={draft.shippingMethod}
          options={SHIPPING_METHODS.map((method) => [method, methodWords(method)] as const)}
          onChange={(shippingMethod) => onChange({ ...draft, shippingMethod })}
          problems={['shipping_method']}
        />
      ) : (
        <div class="grid">
          <SelectField
            label={t('popup_orderBy')}
            value={draft.orderBy}
            options={[
              ['price', t('popup_byPrice')],
              ['speed', t('popup_bySpeed')],
            ]}
            onChange={(orderBy) => onChange({ ...draft, orderBy })}
            problems={['shipping.order_by']}
          />
          <TextField
            label={t('popup_maxDays')}
            inputMode="numeric"
            value={draft.maxDays}
            onInput={(maxDays) => onChange({ ...draft, maxDays })}
            problems={['shipping.max_days']}
          />
          <TextField
            label={t('popup_shippingMax', props.currency)}
            inputMode="decimal"
            value={draft.shippingMaxPrice}
            onInput={(shippingMaxPrice) => onChange({ ...draft, shippingMaxPrice })}
            problems={['shipping.max_price']}
          />
        </div>
      )}
    </Section>
  );
}
