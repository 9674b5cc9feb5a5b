import { RETAILERS } from '../api/retailers.ts';
import { t } from '../shared/i18n.ts';
import { parseMoney } from '../shared/money.ts';
import { isManaged } from '../shared/order-request-from-form.ts';
import type { Settings } from '../shared/settings.ts';
import { money } from '../ui/formats.ts';
import { NEW_ADDRESS, type PopupDraft } from './form/types.ts';

/** One line that says what will happen: what, where to, at most what price, which account. */
export function summaryOf(draft: PopupDraft, settings: Settings): string {
  const count = draft.items.reduce((sum, item) => sum + item.quantity, 0);
  const what =
    draft.items.length === 1
      ? `${count} × ${draft.items[0]?.title ?? draft.items[0]?.productId}`
      : t('popup_items', count);
  const city =
    draft.addressId === NEW_ADDRESS
      ? draft.oneOff?.address.city
      : settings.addresses.find((entry) => entry.id === draft.addressId)?.address.city;
  const currency =
    draft.items[0]?.currency ?? (draft.retailer ? RETAILERS[draft.retailer].currency : 'USD');
  const max = parseMoney(draft.maxPrice);
  return t(
    'popup_summary',
    what,
    city ? t('popup_toCity', city) : t('popup_noAddress'),
    max === undefined || Number.isNaN(max)
      ? t('popup_noLimit')
      : t('popup_atMost', money(max, currency)),
    t(isManaged(draft) ? 'popup_managedAccount' : 'popup_yourAccount'),
  );
}
