import type { RefObject } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import { RETAILERS } from '../api/retailers.ts';
import { t } from '../shared/i18n.ts';
import { parseMoney } from '../shared/money.ts';
import { isManaged } from '../shared/order-request-from-form.ts';
import { criteriaFormFor } from '../shared/seller-criteria-form.ts';
import type { Settings } from '../shared/settings.ts';
import type { VaultStatus } from '../shared/vault-items.ts';
import { CriteriaFields } from '../ui/criteria-fields.tsx';
import { money } from '../ui/formats.ts';
import { Section } from '../ui/section.tsx';
import { button } from './button.tsx';
import { AccountSection, MaxPrice, Quantities, ShipTo } from './form/basics.tsx';
import { AdvancedSection, GiftSection, ShippingSection } from './form/sections.tsx';
import { currencyOf, NEW_ADDRESS, type PopupDraft, type SectionProps } from './form/types.ts';

export { maxPriceTrouble } from './form/max-price.ts';

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
  const section = { draft, onChange };
  const root = useRef<HTMLDivElement>(null);
  useFooterRoom(root);
  return (
    <div class="form" ref={root}>
      <div class="grid">
        <Quantities {...section} />
        <MaxPrice {...section} />
      </div>
      <ShipTo {...section} settings={props.settings} />
      <AccountSection
        {...section}
        retailer={retailer}
        vault={props.vault}
        onVault={props.onVault}
      />
      <ShippingSection {...section} />
      <Section
        title={`${t('popup_criteria')} · ${t(draft.criteria.useDefaults ? 'popup_serviceDefaults' : 'popup_yourCriteria')}`}
      >
        {() => (
          <>
            <CriteriaFields
              form={draft.criteria}
              onChange={(criteria) => onChange({ ...draft, criteria })}
              at={draft.items.map((_, index) => `products.${index}.seller_selection_criteria`)}
            />
            {button(
              t('popup_resetCriteria'),
              () =>
                onChange({ ...draft, criteria: criteriaFormFor(props.settings, draft.retailer) }),
              'link',
            )}
          </>
        )}
      </Section>
      <GiftSection {...section} />
      <AdvancedSection {...section} retailer={retailer} />
    </div>
  );
}

/**
 * The max_price guard as the field holds it: the amount, missing (which a managed order
 * cannot be) or not an amount; never "no limit" for text the order cannot be sent with.
 */
function guardOf(draft: PopupDraft): string {
  const max = parseMoney(draft.maxPrice);
  if (max === undefined) return t(isManaged(draft) ? 'popup_maxPriceMissing' : 'popup_noLimit');
  // The same trouble its field shows: a negative amount is one, said so.
  const text = draft.maxPrice.trim();
  if (Number.isNaN(max))
    return t(/^-/.test(text) ? 'popup_maxPriceBelowZero' : 'popup_maxPriceInvalid', text);
  return t('popup_atMost', money(max, currencyOf(draft)));
}

/** One line that says what will happen: what, where to, at most what price, which account. */
export function summaryOf(draft: PopupDraft, settings: Settings): string {
  const first = draft.items[0];
  const count = draft.items.reduce((sum, item) => sum + item.quantity, 0);
  const what =
    draft.items.length === 1
      ? // The quantity as the buyer typed it, when it is not a whole number yet.
        `${first?.quantityText ?? first?.quantity} × ${first?.title ?? first?.productId}`
      : t('popup_items', count);
  const city =
    draft.addressId === NEW_ADDRESS
      ? draft.oneOff?.address.city
      : settings.addresses.find((entry) => entry.id === draft.addressId)?.address.city;
  return t(
    'popup_summary',
    what,
    city ? t('popup_toCity', city) : t('popup_noAddress'),
    guardOf(draft),
    t(isManaged(draft) ? 'popup_managedAccount' : 'popup_yourAccount'),
  );
}

/**
 * Keeps what the buyer moves to clear of the form's sticky footer: the scroll padding is
 * the footer's height, measured as it changes, and a control focused under the footer
 * anyway (Chromium leaves one it counts as in view) is scrolled up above it.
 */
function useFooterRoom(inside: RefObject<HTMLElement>): void {
  useLayoutEffect(() => {
    const form = inside.current?.closest('form');
    const footer = form?.querySelector('footer.act');
    if (!form || !footer) return;
    const root = document.documentElement;
    const measure = () =>
      root.style.setProperty('--act-room', `${Math.ceil(footer.getBoundingClientRect().height)}px`);
    const clear = (event: FocusEvent) => {
      const target = event.target as Element | null;
      if (!target || footer.contains(target)) return;
      measure();
      const under = target.getBoundingClientRect().bottom - footer.getBoundingClientRect().top;
      // A little room past the edge, so the focus ring shows too.
      if (under > 0) window.scrollBy({ top: under + 8, behavior: 'instant' });
    };
    form.addEventListener('focusin', clear);
    // The observer measures once the footer is laid out, and again as it changes: a
    // measure now would force a layout of the whole popup in the middle of its first render.
    const observer =
      typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    if (observer) observer.observe(footer);
    else measure();
    return () => {
      form.removeEventListener('focusin', clear);
      observer?.disconnect();
      root.style.removeProperty('--act-room');
    };
  }, []);
}
