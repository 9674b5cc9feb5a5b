import { SHIPPING_METHODS } from '../../api/contract-constants.ts';
import { SelectField } from '../../ui/fields.tsx';
import { Group } from '../../ui/section.tsx';
import { NumberField } from './number-field.tsx';
import type { DefaultsPartProps } from './types.ts';

export function ShippingDefaults({ draft, text, change, setText }: DefaultsPartProps) {
  return (
    <Group legend="Shipping">
      <SelectField
        label="Shipping preference"
        value={draft.shipping.kind === 'method' ? draft.shipping.method : 'object'}
        options={[
          ...SHIPPING_METHODS.map((method) => [method, `Method: ${method}`] as const),
          ['object', 'Limits: by price or speed, days, cost'] as const,
        ]}
        onChange={(value) =>
          change({
            shipping:
              value === 'object'
                ? { kind: 'object', shipping: { order_by: 'price' } }
                : { kind: 'method', method: value },
          })
        }
        problems={['shipping.method', 'shipping.kind']}
      />
      {draft.shipping.kind === 'object' && (
        <div class="grid">
          <SelectField
            label="Choose shipping by"
            value={draft.shipping.shipping.order_by ?? 'price'}
            options={[
              ['price', 'Price: the cheapest within the limits'],
              ['speed', 'Speed: the fastest within the limits'],
            ]}
            onChange={(order_by) =>
              change({ shipping: { kind: 'object', shipping: { order_by } } })
            }
            problems={['shipping.shipping.order_by']}
          />
          <NumberField
            text={text}
            setText={setText}
            name="maxDays"
            label="Arrives in fewer than (days)"
            setting="shipping.shipping.max_days"
            hint="Optional."
            whole
          />
          <NumberField
            text={text}
            setText={setText}
            name="shipMax"
            label="Shipping costs at most"
            setting="shipping.shipping.max_price"
            hint="Optional."
          />
        </div>
      )}
    </Group>
  );
}
