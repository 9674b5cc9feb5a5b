import { SHIPPING_METHODS } from '../../api/contract-constants.ts';
import { SelectField, TextField } from '../../ui/fields.tsx';
import { Section } from '../../ui/section.tsx';
import type { SectionProps } from './types.ts';

/** A shipping method, or limits on days and cost with the choice by price or speed. */
export function ShippingSection(props: SectionProps & { currency: string }) {
  const { draft, onChange } = props;
  return (
    <Section title="Shipping">
      <SelectField
        label="Shipping choice"
        value={draft.shippingKind}
        options={[
          ['method', 'A shipping method'],
          ['object', 'Limits (days, price)'],
        ]}
        onChange={(shippingKind) => onChange({ ...draft, shippingKind })}
      />
      {draft.shippingKind === 'method' ? (
        <SelectField
          label="Shipping method"
          value={draft.shippingMethod}
          options={SHIPPING_METHODS.map((method) => [method, method.replace('_', ' ')] as const)}
          onChange={(shippingMethod) => onChange({ ...draft, shippingMethod })}
          problems={['shipping_method']}
        />
      ) : (
        <div class="grid">
          <SelectField
            label="Order by"
            value={draft.orderBy}
            options={[
              ['price', 'Price'],
              ['speed', 'Speed'],
            ]}
            onChange={(orderBy) => onChange({ ...draft, orderBy })}
            problems={['shipping.order_by']}
          />
          <TextField
            label="Arrives in fewer than (days)"
            inputMode="numeric"
            value={draft.maxDays}
            onInput={(maxDays) => onChange({ ...draft, maxDays })}
            problems={['shipping.max_days']}
          />
          <TextField
            label={`Shipping at most (${props.currency})`}
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
