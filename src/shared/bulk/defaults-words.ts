/**
 * The saved defaults a bulk file falls back on, in words for the page: which ones
 * every row gets because its column is missing, and what each default is.
 */

import { t } from '../i18n.ts';
import {
  formatCount,
  formatDay,
  formatList,
  formatWait,
  numberFormat,
  userLocale,
} from '../locale-format.ts';
import { ADDRESS_COLUMNS, type Column } from './columns.ts';
import { defaultAddress } from './order-values.ts';
import type { OrderSettings } from './row-to-request.ts';
import type { BulkOptions, DefaultUse } from './types.ts';

/**
 * A saved amount in cents, in the browser's language ("9.99", "9,99"). The settings
 * keep amounts without a currency (each order's is the retailer's), so none is shown.
 */
function amountWords(cents: number): string {
  return numberFormat(userLocale(), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    cents / 100,
  );
}

function shippingWords(shipping: OrderSettings['shipping']): string {
  if (shipping.kind === 'method') return t('bulk_defaultShippingMethod', shipping.method);
  const terms = shipping.shipping;
  const parts = [
    terms.order_by ? t('bulk_shipOrderBy', formatDay(terms.order_by) ?? terms.order_by) : '',
    terms.max_days !== undefined ? t('bulk_shipWithinDays', formatCount(terms.max_days)) : '',
    terms.max_price !== undefined ? t('bulk_shipAtMost', amountWords(terms.max_price)) : '',
  ].filter(Boolean);
  return t(
    'bulk_defaultShipping',
    parts.length > 0 ? formatList(parts) : t('bulk_shipServiceChoice'),
  );
}

function managedWords(m: OrderSettings['managed']): string {
  const parts = [
    t('bulk_managedDiscount', m.discount),
    t('bulk_managedQueue', formatWait(Math.round(m.queueTimeoutSeconds / 60))),
    ...(m.priorityBidCents > 0 ? [t('bulk_managedBid', amountWords(m.priorityBidCents))] : []),
    ...(m.primeOptout ? [t('bulk_managedNoPrime')] : []),
  ];
  return t('bulk_defaultManaged', formatList(parts));
}

/** What each default is, as the user saved it. */
export function describeDefault(use: DefaultUse, settings: OrderSettings): string {
  switch (use) {
    case 'address': {
      const saved = defaultAddress(settings);
      return saved
        ? t('bulk_defaultAddress', saved.label, saved.address.city, saved.address.state)
        : t('bulk_defaultNoAddress');
    }
    case 'shipping':
      return shippingWords(settings.shipping);
    case 'gift':
      return t(settings.gift.isGift ? 'bulk_defaultGift' : 'bulk_defaultNotGift');
    case 'gift_message':
      return t('bulk_defaultGiftMessage', settings.gift.message);
    case 'quantity':
      return t('bulk_defaultQuantity');
    case 'seller_criteria':
      return t('bulk_defaultCriteria');
    case 'managed':
      return managedWords(settings.managed);
    case 'max_price_tolerance': {
      const tolerance = settings.maxPriceTolerance;
      return tolerance.amountCents > 0
        ? t('bulk_defaultToleranceAmount', tolerance.percent, amountWords(tolerance.amountCents))
        : t('bulk_defaultTolerance', tolerance.percent);
    }
    case 'webhooks':
      return t('bulk_defaultWebhooks');
  }
}

/** The defaults that apply to every row because the file has no column for them. */
export function defaultsForColumns(
  columns: readonly Column[],
  settings: OrderSettings,
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
