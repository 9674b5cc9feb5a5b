import { RETAILERS } from '../api/retailers.ts';
import { formatCents, parseMoney } from '../shared/money.ts';
import type { Draft } from '../shared/order-form-model.ts';
import { isManaged } from '../shared/order-request-from-form.ts';
import type { Settings } from '../shared/settings.ts';

/** One line that says what will happen: what, where to, at most what price, which account. */
export function summaryOf(draft: Draft, settings: Settings): string {
  const count = draft.items.reduce((sum, item) => sum + item.quantity, 0);
  const what =
    draft.items.length === 1
      ? `${count} × ${draft.items[0]?.title ?? draft.items[0]?.productId}`
      : `${count} items`;
  const address = settings.addresses.find((entry) => entry.id === draft.addressId);
  const where = address ? `to ${address.address.city}` : 'to no address yet';
  const currency =
    draft.items[0]?.currency ?? (draft.retailer ? RETAILERS[draft.retailer].currency : 'USD');
  const max = parseMoney(draft.maxPrice);
  const price =
    max === undefined || Number.isNaN(max)
      ? 'no price limit'
      : `at most ${formatCents(max, currency)}`;
  return `${what} ${where}, ${price}, ${isManaged(draft) ? 'managed account' : 'your account'}`;
}
