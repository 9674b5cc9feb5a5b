import {
  countLines,
  GIFT_MESSAGE_MAX_CHARS,
  GIFT_MESSAGE_MAX_LINES,
  SHIPPING_METHODS,
  type ShippingMethod,
} from '../../api/contract-constants.ts';
import type { RetailerInfo } from '../../api/retailers.ts';
import { t } from '../../shared/i18n.ts';
import type { Draft } from '../../shared/order-form-model.ts';
import { CheckField, SelectField, TextField } from '../../ui/fields.tsx';
import { Section } from '../../ui/section.tsx';
import { WEBHOOK_FIELDS } from '../../ui/webhook-labels.ts';
import { currencyOf, type SectionProps } from './types.ts';

// Messages named by a code: the compiler checks that each code has its message.
const methodWords = (method: ShippingMethod) => {
  const key = `popup_ship_${method}` as const;
  return t(key);
};

/** The shipping choice in words: "Cheapest", or "Cheapest within limits". */
function shippingWords(draft: Draft): string {
  const key = `popup_shipBy_${draft.orderBy}` as const;
  return draft.shippingKind === 'method' ? methodWords(draft.shippingMethod) : t(key);
}

/** A shipping method, or limits on days and cost with the choice by price or speed. */
export function ShippingSection(props: SectionProps) {
  const { draft, onChange } = props;
  return (
    <Section title={`${t('popup_shipping')} · ${shippingWords(draft)}`}>
      {() => (
        <>
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
                label={t('popup_shippingMax', currencyOf(draft))}
                inputMode="decimal"
                value={draft.shippingMaxPrice}
                onInput={(shippingMaxPrice) => onChange({ ...draft, shippingMaxPrice })}
                problems={['shipping.max_price']}
              />
            </div>
          )}
        </>
      )}
    </Section>
  );
}

/** Sending as a gift, with the packing slip's message and its limits counted as it is typed. */
export function GiftSection({ draft, onChange }: SectionProps) {
  return (
    <Section title={`${t('popup_gift')} · ${t(draft.isGift ? 'popup_asGift' : 'popup_notGift')}`}>
      {() => (
        <>
          <CheckField
            label={t('popup_sendAsGift')}
            checked={draft.isGift}
            onChange={(isGift) => onChange({ ...draft, isGift })}
            problems={['is_gift']}
          />
          {draft.isGift && (
            <>
              <TextField
                label={t('popup_giftMessage')}
                multiline
                value={draft.giftMessage}
                onInput={(giftMessage) => onChange({ ...draft, giftMessage })}
                problems={['gift_message']}
                hint={t(
                  'popup_giftCount',
                  draft.giftMessage.length,
                  GIFT_MESSAGE_MAX_CHARS,
                  countLines(draft.giftMessage),
                  GIFT_MESSAGE_MAX_LINES,
                )}
              />
              <CheckField
                label={t('popup_requireGift')}
                checked={draft.requireGift}
                onChange={(requireGift) => onChange({ ...draft, requireGift })}
                problems={['require_gift']}
              />
            </>
          )}
        </>
      )}
    </Section>
  );
}

type Advanced = Draft['advanced'];

/** Everything else the contract offers: promo codes, the marketplace's fields, checks, notes, webhooks. */
export function AdvancedSection(props: SectionProps & { retailer: RetailerInfo | undefined }) {
  const { draft, onChange } = props;
  const advanced = draft.advanced;
  const set = (change: Partial<Advanced>) =>
    onChange({ ...draft, advanced: { ...advanced, ...change } });
  const text = (key: keyof Advanced, label: string, mode: 'numeric' | 'text' = 'text') => (
    <TextField
      label={label}
      inputMode={mode}
      value={advanced[key] as string}
      onInput={(value) => set({ [key]: value })}
      problems={[PATHS[key] ?? key]}
    />
  );
  const check = (key: keyof Advanced, label: string) => (
    <CheckField
      label={label}
      checked={advanced[key] as boolean}
      onChange={(on) => set({ [key]: on })}
      problems={[PATHS[key] ?? key]}
    />
  );
  return (
    <Section title={t('popup_advanced')}>
      {() => (
        <>
          <div class="grid">
            {text('promoCodes', t('popup_promoCodes'))}
            {text('forcePostalCode', t('popup_offersFor'))}
            {props.retailer?.marketplace && (
              <>
                {text('poNumber', t('popup_poNumber'), 'numeric')}
                {text('marketplaceDay', t('popup_dayName'))}
                {text('maxDeliveryDays', t('popup_maxDeliveryDays'), 'numeric')}
              </>
            )}
            {check('failIfTaxed', t('popup_failIfTaxed'))}
            {check('strictExpired', t('popup_strictExpired'))}
            {check('takeBuybox', t('popup_takeBuybox'))}
            <TextField
              label={t('popup_clientNotes')}
              multiline
              value={advanced.clientNotes}
              onInput={(clientNotes) => set({ clientNotes })}
              problems={['client_notes']}
              hint={t('popup_clientNotesHint')}
            />
            {WEBHOOK_FIELDS.map(([key, label]) => (
              <TextField
                key={key}
                label={t(label)}
                type="url"
                value={advanced.webhooks[key] ?? ''}
                onInput={(url) => set({ webhooks: { ...advanced.webhooks, [key]: url } })}
                problems={[`webhooks.${key}`]}
              />
            ))}
          </div>
        </>
      )}
    </Section>
  );
}

/** Where each field sits in the request the background checks. */
const PATHS: Partial<Record<keyof Advanced, string>> = {
  promoCodes: 'promo_codes',
  forcePostalCode: 'force_offers_postal_code',
  poNumber: 'po_number',
  marketplaceDay: 'marketplace_day',
  maxDeliveryDays: 'max_delivery_days',
  failIfTaxed: 'fail_if_taxed',
  strictExpired: 'strict_expired_product_id',
  takeBuybox: 'take_buybox_offers',
};
