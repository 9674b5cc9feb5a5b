import { WEBHOOK_KEYS } from '../../api/contract-constants.ts';
import type { RetailerInfo } from '../../api/retailers.ts';
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
  return (
    <Section title="Advanced">
      <div class="grid">
        <TextField
          label="Promo codes (comma separated)"
          value={advanced.promoCodes}
          onInput={(promoCodes) => set({ promoCodes })}
          problems={['promo_codes']}
        />
        <TextField
          label="Offers for postal code"
          value={advanced.forcePostalCode}
          onInput={(forcePostalCode) => set({ forcePostalCode })}
          problems={['force_offers_postal_code']}
        />
        {props.retailer?.marketplace && (
          <>
            <TextField
              label="PO number"
              inputMode="numeric"
              value={advanced.poNumber}
              onInput={(poNumber) => set({ poNumber })}
              problems={['po_number']}
            />
            <TextField
              label="Day delivery name"
              value={advanced.marketplaceDay}
              onInput={(marketplaceDay) => set({ marketplaceDay })}
              problems={['marketplace_day']}
            />
            <TextField
              label="Max delivery days"
              inputMode="numeric"
              value={advanced.maxDeliveryDays}
              onInput={(maxDeliveryDays) => set({ maxDeliveryDays })}
              problems={['max_delivery_days']}
            />
          </>
        )}
        <CheckField
          label="Fail if taxed"
          checked={advanced.failIfTaxed}
          onChange={(failIfTaxed) => set({ failIfTaxed })}
          problems={['fail_if_taxed']}
        />
        <CheckField
          label="Fail if the product id expired"
          checked={advanced.strictExpired}
          onChange={(strictExpired) => set({ strictExpired })}
          problems={['strict_expired_product_id']}
        />
        <CheckField
          label="Take the buy-box offer"
          checked={advanced.takeBuybox}
          onChange={(takeBuybox) => set({ takeBuybox })}
          problems={['take_buybox_offers']}
        />
        <TextField
          label="Client notes (JSON)"
          multiline
          value={advanced.clientNotes}
          onInput={(clientNotes) => set({ clientNotes })}
          problems={['client_notes']}
          hint='A JSON object, such as {"ref": "A-12"}.'
        />
        {WEBHOOK_KEYS.map((key) => (
          <TextField
            key={key}
            label={`Webhook ${key.replace('_', ' ')}`}
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
