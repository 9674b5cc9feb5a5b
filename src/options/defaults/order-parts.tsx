/**
 * The parts of Order defaults saved with its button: shipping, seller criteria, the
 * max_price guard, the gift and managed ordering.
 */
import { useState } from 'preact/hooks';
import {
  GIFT_MESSAGE_MAX_CHARS,
  GIFT_MESSAGE_MAX_LINES,
  SHIPPING_METHODS,
} from '../../api/contract-constants.ts';
import type { RetailerCode } from '../../api/retailers.ts';
import { t } from '../../shared/i18n.ts';
import {
  type CriteriaForm,
  criteriaFormFor,
  criteriaFromForm,
} from '../../shared/seller-criteria-form.ts';
import type { Settings } from '../../shared/settings.ts';
import { CriteriaFields } from '../../ui/criteria-fields.tsx';
import { CheckField, SelectField, TextField } from '../../ui/fields.tsx';
import { RetailerSelect } from '../../ui/retailer-select.tsx';
import { Group } from '../../ui/section.tsx';
import { retailerName, shippingMethodName } from '../words.ts';
import { type DefaultsPartProps, NumberFields } from './number-fields.tsx';

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
          <NumberFields text={text} setText={setText} names={['maxDays', 'shipMax']} />
        </div>
      )}
    </Group>
  );
}

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

/** The max_price guard's tolerance over the page price. */
export function PriceGuardDefaults({ text, setText }: DefaultsPartProps) {
  return (
    <Group legend={t('options_priceGuardLegend')}>
      <p class="hint">{t('options_priceGuardIntro')}</p>
      <div class="grid">
        <NumberFields text={text} setText={setText} names={['percent', 'amount']} />
      </div>
    </Group>
  );
}

export function GiftDefaults({ draft, change }: DefaultsPartProps) {
  return (
    <Group legend={t('options_giftLegend')}>
      <CheckField
        label={t('options_giftLabel')}
        checked={draft.gift.isGift}
        onChange={(isGift) => change({ gift: { ...draft.gift, isGift } })}
        problems={['gift.isGift']}
      />
      <TextField
        label={t('options_giftMessageLabel')}
        multiline
        value={draft.gift.message}
        onInput={(message) => change({ gift: { ...draft.gift, message } })}
        problems={['gift.message']}
        hint={t('options_giftMessageHint', GIFT_MESSAGE_MAX_CHARS, GIFT_MESSAGE_MAX_LINES)}
      />
    </Group>
  );
}

export function ManagedDefaults({ draft, text, change, setText }: DefaultsPartProps) {
  return (
    <Group legend={t('options_managedLegend')}>
      <p class="hint">{t('options_managedIntro')}</p>
      <div class="grid">
        <NumberFields text={text} setText={setText} names={['discount', 'timeout', 'bid']} />
      </div>
      <CheckField
        label={t('options_primeOptoutLabel')}
        checked={draft.managed.primeOptout}
        onChange={(primeOptout) => change({ managed: { ...draft.managed, primeOptout } })}
        problems={['managed.primeOptout']}
      />
    </Group>
  );
}
