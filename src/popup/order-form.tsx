import { useRef } from 'preact/hooks';
import { RETAILERS } from '../api/retailers.ts';
import { t } from '../shared/i18n.ts';
import { criteriaFormFor } from '../shared/seller-criteria-form.ts';
import type { Settings } from '../shared/settings.ts';
import type { VaultStatus } from '../shared/vault-items.ts';
import { CriteriaFields } from '../ui/criteria-fields.tsx';
import { Section } from '../ui/section.tsx';
import { AccountSection } from './form/account-section.tsx';
import { AdvancedSection } from './form/advanced-section.tsx';
import { useFooterRoom } from './form/footer-room.ts';
import { GiftSection } from './form/gift-section.tsx';
import { Quantities } from './form/quantities.tsx';
import { MaxPrice, ShipTo } from './form/ship-to-and-price.tsx';
import { ShippingSection } from './form/shipping-section.tsx';
import { currencyOf, type SectionProps } from './form/types.ts';

/**
 * The order form, compact: quantity, maximum price and address in view, every other
 * part folded to one line that says what it holds. Each field claims its own problems,
 * and a part holding one unfolds when the buyer is sent to it (ui/focus.ts).
 */
export function OrderForm(
  props: SectionProps & {
    settings: Settings;
    vault: VaultStatus;
    onVault: (vault: VaultStatus) => void;
  },
) {
  const { draft, onChange } = props;
  const retailer = draft.retailer ? RETAILERS[draft.retailer] : undefined;
  const currency = currencyOf(draft, retailer?.currency ?? 'USD');
  const section = { draft, onChange };
  const root = useRef<HTMLDivElement>(null);
  useFooterRoom(root);
  return (
    <div class="form" ref={root}>
      <div class="grid">
        <Quantities {...section} />
        <MaxPrice {...section} currency={currency} />
      </div>
      <ShipTo {...section} settings={props.settings} />
      <AccountSection
        {...section}
        retailer={retailer}
        vault={props.vault}
        currency={currency}
        onVault={props.onVault}
      />
      <ShippingSection {...section} currency={currency} />
      <Section
        title={`${t('popup_criteria')} · ${t(draft.criteria.useDefaults ? 'popup_serviceDefaults' : 'popup_yourCriteria')}`}
      >
        <CriteriaFields
          form={draft.criteria}
          onChange={(criteria) => onChange({ ...draft, criteria })}
          at={draft.items.map((_, index) => `products.${index}.seller_selection_criteria`)}
        />
        <button
          type="button"
          class="link"
          onClick={() =>
            onChange({ ...draft, criteria: criteriaFormFor(props.settings, draft.retailer) })
          }
        >
          {t('popup_resetCriteria')}
        </button>
      </Section>
      <GiftSection {...section} />
      <AdvancedSection {...section} retailer={retailer} />
    </div>
  );
}
