/**
 * The saved defaults a bulk file falls back on, in words for the page: which ones
 * every row gets because its column is missing, and what each default is.
 */
import type { Settings } from '../settings.ts';
import { centsText } from './cell-values.ts';
import { ADDRESS_COLUMNS, type Column } from './columns.ts';
import { defaultAddress } from './order-values.ts';
import type { BulkOptions, DefaultUse } from './types.ts';

type DefaultSettings = Pick<
  Settings,
  | 'addresses'
  | 'defaultAddressId'
  | 'shipping'
  | 'maxPriceTolerance'
  | 'gift'
  | 'managed'
  | 'sellerCriteria'
  | 'sellerCriteriaByRetailer'
  | 'webhooks'
>;

/** What each default is, as the user saved it. */
export function describeDefault(use: DefaultUse, settings: DefaultSettings): string {
  switch (use) {
    case 'address': {
      const saved = defaultAddress(settings);
      return saved
        ? `Ship to your default address “${saved.label}” (${saved.address.city}, ${saved.address.state}).`
        : 'No default address is saved: rows without an address cannot be placed.';
    }
    case 'shipping': {
      const shipping = settings.shipping;
      if (shipping.kind === 'method') return `Shipping: ${shipping.method}.`;
      const parts = [
        shipping.shipping.order_by ? `order by ${shipping.shipping.order_by}` : '',
        shipping.shipping.max_days !== undefined ? `within ${shipping.shipping.max_days} days` : '',
        shipping.shipping.max_price !== undefined
          ? `at most ${centsText(shipping.shipping.max_price)}`
          : '',
      ].filter(Boolean);
      return `Shipping: ${parts.join(', ') || 'the service’s choice'}.`;
    }
    case 'gift':
      return settings.gift.isGift ? 'Sent as gifts.' : 'Not sent as gifts.';
    case 'gift_message':
      return `Gift message: “${settings.gift.message}”.`;
    case 'quantity':
      return 'Quantity 1 where the quantity cell is empty.';
    case 'seller_criteria':
      return 'Your saved seller criteria.';
    case 'managed': {
      const m = settings.managed;
      return `Managed accounts, with your managed settings (discount ${m.discount}%, queue ${Math.round(m.queueTimeoutSeconds / 60)} minutes${m.priorityBidCents > 0 ? `, bid ${centsText(m.priorityBidCents)}` : ''}${m.primeOptout ? ', no prime' : ''}).`;
    }
    case 'max_price_tolerance': {
      const t = settings.maxPriceTolerance;
      return `Max price from item_price × quantity plus ${t.percent}%${t.amountCents > 0 ? ` and ${centsText(t.amountCents)}` : ''}.`;
    }
    case 'webhooks':
      return 'Your saved webhooks.';
  }
}

/** The defaults that apply to every row because the file has no column for them. */
export function defaultsForColumns(
  columns: readonly Column[],
  settings: DefaultSettings,
  options: Pick<BulkOptions, 'mode'>,
): DefaultUse[] {
  const has = (column: Column) => columns.includes(column);
  const uses: DefaultUse[] = [];
  if (!ADDRESS_COLUMNS.some(has)) uses.push('address');
  if (!has('shipping_method')) uses.push('shipping');
  if (!has('is_gift')) uses.push('gift');
  if (!has('is_gift') && !has('gift_message') && settings.gift.isGift && settings.gift.message)
    uses.push('gift_message');
  if (!has('quantity')) uses.push('quantity');
  if (settings.sellerCriteria || Object.keys(settings.sellerCriteriaByRetailer).length > 0)
    uses.push('seller_criteria');
  if (options.mode === 'managed') uses.push('managed');
  if (!has('max_price') && has('item_price')) uses.push('max_price_tolerance');
  if (Object.keys(settings.webhooks).length > 0) uses.push('webhooks');
  return uses;
}
