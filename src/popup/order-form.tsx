import { RETAILERS } from '../api/retailers.ts';
import type { Draft } from '../shared/order-form-model.ts';
import { criteriaFormFor } from '../shared/seller-criteria-form.ts';
import type { Settings } from '../shared/settings.ts';
import type { VaultStatus } from '../shared/vault-items.ts';
import { CriteriaFields } from '../ui/criteria-fields.tsx';
import { Section } from '../ui/section.tsx';
import { AccountSection } from './form/account-section.tsx';
import { AdvancedSection } from './form/advanced-section.tsx';
import { GiftSection } from './form/gift-section.tsx';
import { Quantities } from './form/quantities.tsx';
import { ShipToAndPrice } from './form/ship-to-and-price.tsx';
import { ShippingSection } from './form/shipping-section.tsx';
import { currencyOf } from './form/types.ts';

/** The order form, one component per section; each field claims its own problems. */
export function OrderForm(props: {
  draft: Draft;
  settings: Settings;
  vault: VaultStatus;
  onChange: (draft: Draft) => void;
}) {
  const { draft, onChange } = props;
  const retailer = draft.retailer ? RETAILERS[draft.retailer] : undefined;
  const currency = currencyOf(draft, retailer?.currency ?? 'USD');
  const section = { draft, onChange };
  return (
    <div class="form">
      <Quantities {...section} />
      <ShipToAndPrice {...section} settings={props.settings} currency={currency} />
      <AccountSection {...section} retailer={retailer} vault={props.vault} currency={currency} />
      <ShippingSection {...section} currency={currency} />
      <Section title="Seller criteria">
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
          Reset seller criteria
        </button>
      </Section>
      <GiftSection {...section} />
      <AdvancedSection {...section} retailer={retailer} />
    </div>
  );
}
