import { WEBHOOK_KEYS } from '../../api/contract-constants.ts';
import type { RetailerInfo } from '../../api/retailers.ts';
import { t } from '../../shared/i18n.ts';
import type { Draft } from '../../shared/order-form-model.ts';
import { CheckField, TextField } from '../../ui/fields.tsx';
import { Section } from '../../ui/section.tsx';
import type { SectionProps } from './types.ts';

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
        {WEBHOOK_KEYS.map((key) => (
          <TextField
            key={key}
            label={t('popup_webhook', key.replace('_', ' '))}
            type="url"
            value={advanced.webhooks[key] ?? ''}
            onInput={(url) => set({ webhooks: { ...advanced.webhooks, [key]: url } })}
            problems={[`webhooks.${key}`]}
          />
        ))}
      </div>
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
