import { SHIPPING_METHODS } from '../../api/contract-constants.ts';
import { t } from '../../shared/i18n.ts';
import { SelectField } from '../../ui/fields.tsx';
import { Group } from '../../ui/section.tsx';
import { amountText } from '../locale-format.ts';
import { shippingMethodName } from '../words.ts';
import { NumberField } from './number-field.tsx';
import type { DefaultsPartProps } from './types.ts';

export function ShippingDefaults({ draft, text, change, setText }: DefaultsPartProps) {
  return (
    <Group legend={t('options_shippingLegend')}>
      <SelectField
        label={t('options_shippingLabel')}
        value={draft.shipping.kind === 'method' ? draft.shipping.method : 'object'}
        options={[
          ...SHIPPING_METHODS.map((method) => [method, shippingMethodName(method)] as const),
          ['object', t('options_shippingLimits')] as const,
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
            label={t('options_orderByLabel')}
            value={draft.shipping.shipping.order_by ?? 'price'}
            options={[
              ['price', t('options_orderByPrice')],
              ['speed', t('options_orderBySpeed')],
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
            label={t('options_maxDaysLabel')}
            setting="shipping.shipping.max_days"
            hint={t('options_optional')}
            whole
          />
          <NumberField
            text={text}
            setText={setText}
            name="shipMax"
            label={t('options_shipMaxLabel')}
            setting="shipping.shipping.max_price"
            hint={t('options_optionalAmount', amountText(750))}
          />
        </div>
      )}
    </Group>
  );
}
