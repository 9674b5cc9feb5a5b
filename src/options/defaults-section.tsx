import { useState } from 'preact/hooks';
import {
  GIFT_MESSAGE_MAX_CHARS,
  GIFT_MESSAGE_MAX_LINES,
  SHIPPING_METHODS,
  type ShippingMethod,
} from '../api/contract-constants.ts';
import type { RetailerCode } from '../api/retailers.ts';
import { type MessageKey, t } from '../shared/i18n.ts';
import { retailerName } from '../shared/retailer-names.ts';
import {
  type CriteriaForm,
  criteriaFormFor,
  criteriaFromForm,
} from '../shared/seller-criteria-form.ts';
import type { Settings } from '../shared/settings.ts';
import { useConnector } from '../ui/connector.ts';
import { CriteriaFields } from '../ui/criteria-fields.tsx';
import { CheckField, SelectField, TextField } from '../ui/fields.tsx';
import { RetailerSelect } from '../ui/retailer-select.tsx';
import { Group } from '../ui/section.tsx';
import { AddressesEditor } from './addresses-editor.tsx';
import { type Said, SaidText, say } from './question.tsx';
import {
  numberFields,
  type SectionProps,
  SettingsForm,
  type SettingsPart,
} from './section-form.tsx';
import { modeName } from './words.ts';

const SHIPPING_METHOD_NAMES: Record<ShippingMethod, MessageKey> = {
  cheapest: 'options_shippingCheapest',
  fastest: 'options_shippingFastest',
  marketplace_day: 'options_shippingMarketplaceDay',
  free: 'options_shippingFree',
};

/** The ordering mode, saved as soon as it is chosen. */
function ModeChoice(props: SectionProps) {
  const connector = useConnector();
  const [said, setSaid] = useState<Said>();
  return (
    <Group legend={t('options_modeLegend')}>
      <ul class="plain hint">
        <li>{t('options_modeManagedChoice')}</li>
        <li>{t('options_modeOwnChoice')}</li>
      </ul>
      <SelectField
        label={t('options_modeLabel')}
        value={props.settings.mode}
        options={[
          ['managed', t('options_modeManagedOption')],
          ['own', t('options_modeOwnOption')],
        ]}
        onChange={(mode) =>
          say(setSaid, async () => {
            props.onSaved(await connector.call('settings.update', { patch: { mode } }));
            return t('options_modeSaved', modeName(mode));
          })
        }
        hint={t('options_modeHint')}
      />
      <SaidText said={said} />
    </Group>
  );
}

function ShippingDefaults(part: SettingsPart) {
  const { draft, change } = part;
  return (
    <Group legend={t('options_shippingLegend')}>
      <SelectField
        label={t('options_shippingLabel')}
        value={draft.shipping.kind === 'method' ? draft.shipping.method : 'object'}
        options={[
          ...SHIPPING_METHODS.map((method) => [method, t(SHIPPING_METHOD_NAMES[method])] as const),
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
          {numberFields(part, ['maxDays', 'shipMax'])}
        </div>
      )}
    </Group>
  );
}

/** Seller criteria for every retailer and overrides per retailer, with the popup's fields. */
function SellerCriteriaDefaults({ draft, change }: SettingsPart) {
  const [retailer, setRetailer] = useState<RetailerCode | ''>('');
  const [form, setForm] = useState(criteriaFormFor(draft, ''));
  const path = retailer === '' ? 'sellerCriteria' : `sellerCriteriaByRetailer.${retailer}`;

  function apply(next: CriteriaForm) {
    setForm(next);
    // Values the form cannot read go as typed: the background's check names them.
    const value = (criteriaFromForm(next) ?? null) as Settings['sellerCriteria'];
    if (retailer === '') return change({ sellerCriteria: value });
    const byRetailer = { ...draft.sellerCriteriaByRetailer };
    if (value) byRetailer[retailer] = value;
    else delete byRetailer[retailer];
    change({ sellerCriteriaByRetailer: byRetailer });
  }

  return (
    <Group legend={t('options_criteriaLegend')}>
      <RetailerSelect
        label={t('options_criteriaFor')}
        any={t('options_everyRetailer')}
        value={retailer}
        describe={(code) =>
          draft.sellerCriteriaByRetailer[code]
            ? t('options_retailerOwnCriteria', retailerName(code))
            : retailerName(code)
        }
        onChange={(next) => {
          setRetailer(next);
          setForm(criteriaFormFor(draft, next));
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

/** What every new order starts from; addresses and the mode are saved at once. */
export function DefaultsSection(props: SectionProps) {
  return (
    <SettingsForm
      id="defaults"
      intro={t('options_defaultsIntro')}
      head={
        <>
          <AddressesEditor {...props} />
          <ModeChoice {...props} />
        </>
      }
      settings={props.settings}
      keys={[
        'sellerCriteria',
        'sellerCriteriaByRetailer',
        'shipping',
        'maxPriceTolerance',
        'gift',
        'managed',
      ]}
      onSaved={props.onSaved}
    >
      {(part) => (
        <>
          <ShippingDefaults {...part} />
          <SellerCriteriaDefaults {...part} />
          <Group legend={t('options_priceGuardLegend')}>
            <p class="hint">{t('options_priceGuardIntro')}</p>
            <div class="grid">{numberFields(part, ['percent', 'amount'])}</div>
          </Group>
          <Group legend={t('options_giftLegend')}>
            <CheckField
              label={t('options_giftLabel')}
              checked={part.draft.gift.isGift}
              onChange={(isGift) => part.change({ gift: { ...part.draft.gift, isGift } })}
              problems={['gift.isGift']}
            />
            <TextField
              label={t('options_giftMessageLabel')}
              multiline
              value={part.draft.gift.message}
              onInput={(message) => part.change({ gift: { ...part.draft.gift, message } })}
              problems={['gift.message']}
              hint={t('options_giftMessageHint', GIFT_MESSAGE_MAX_CHARS, GIFT_MESSAGE_MAX_LINES)}
            />
          </Group>
          <Group legend={t('options_managedLegend')}>
            <p class="hint">{t('options_managedIntro')}</p>
            <div class="grid">{numberFields(part, ['discount', 'timeout', 'bid'])}</div>
            <CheckField
              label={t('options_primeOptoutLabel')}
              checked={part.draft.managed.primeOptout}
              onChange={(primeOptout) =>
                part.change({ managed: { ...part.draft.managed, primeOptout } })
              }
              problems={['managed.primeOptout']}
            />
          </Group>
        </>
      )}
    </SettingsForm>
  );
}
