import { RETAILERS } from '../api/retailers.ts';
import { t } from '../shared/i18n.ts';
import { parseMoney } from '../shared/money.ts';
import { isManaged } from '../shared/order-request-from-form.ts';
import type { Settings } from '../shared/settings.ts';
import { money } from '../ui/formats.ts';
import { NEW_ADDRESS, type PopupDraft } from './form/types.ts';

/**
 * The max_price guard as the field holds it: the amount, or that it is missing (which a
 * managed order cannot be without) or not an amount. Never "no limit" for a field
 * whose text the order cannot be sent with.
 */
function guardOf(draft: PopupDraft, currency: string): string {
  const max = parseMoney(draft.maxPrice);
  if (max === undefined) return t(isManaged(draft) ? 'popup_maxPriceMissing' : 'popup_noLimit');
  if (Number.isNaN(max)) return t('popup_maxPriceInvalid', draft.maxPrice.trim());
  return t('popup_atMost', money(max, currency));
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
  const currency =
    draft.items[0]?.currency ?? (draft.retailer ? RETAILERS[draft.retailer].currency : 'USD');
  return t(
    'popup_summary',
    what,
    city ? t('popup_toCity', city) : t('popup_noAddress'),
    guardOf(draft, currency),
    t(isManaged(draft) ? 'popup_managedAccount' : 'popup_yourAccount'),
  );
}
