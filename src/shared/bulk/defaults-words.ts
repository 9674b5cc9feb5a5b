/** The saved defaults a bulk file falls back on, and what each is, in words for the page. */

import { t } from '../i18n.ts';
import {
  formatCount,
  formatDay,
  formatList,
  formatWait,
  numberFormat,
  userLocale,
} from '../locale-format.ts';
import type { Settings } from '../settings.ts';
import { defaultAddress } from './cell-values.ts';
import { ADDRESS_COLUMNS, type Column } from './columns.ts';
import type { BulkPayload } from './payload-schemas.ts';

/** A saved amount in cents, in the browser's language; no currency (each order has its own). */
function amountWords(cents: number): string {
  return numberFormat(userLocale(), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    cents / 100,
  );
}

/** What each default is, as the user saved it. */
const DESCRIBE = {
  address(settings) {
    const saved = defaultAddress(settings);
    return saved
      ? t('bulk_defaultAddress', saved.label, saved.address.city, saved.address.state)
      : t('bulk_defaultNoAddress');
  },
  shipping({ shipping }) {
    if (shipping.kind === 'method') return t('bulk_defaultShippingMethod', shipping.method);
    const terms = shipping.shipping;
    const parts = [
      terms.order_by ? t('bulk_shipOrderBy', formatDay(terms.order_by) ?? terms.order_by) : '',
      terms.max_days !== undefined ? t('bulk_shipWithinDays', formatCount(terms.max_days)) : '',
      terms.max_price !== undefined ? t('bulk_shipAtMost', amountWords(terms.max_price)) : '',
    ].filter(Boolean);
    const words = parts.length > 0 ? formatList(parts) : t('bulk_shipServiceChoice');
    return t('bulk_defaultShipping', words);
  },
  gift: (settings) => t(settings.gift.isGift ? 'bulk_defaultGift' : 'bulk_defaultNotGift'),
  gift_message: (settings) => t('bulk_defaultGiftMessage', settings.gift.message),
  quantity: () => t('bulk_defaultQuantity'),
  seller_criteria: () => t('bulk_defaultCriteria'),
  managed({ managed: m }) {
    const parts = [
      t('bulk_managedDiscount', m.discount),
      t('bulk_managedQueue', formatWait(Math.round(m.queueTimeoutSeconds / 60))),
      ...(m.priorityBidCents > 0 ? [t('bulk_managedBid', amountWords(m.priorityBidCents))] : []),
      ...(m.primeOptout ? [t('bulk_managedNoPrime')] : []),
    ];
    return t('bulk_defaultManaged', formatList(parts));
  },
  max_price_tolerance({ maxPriceTolerance: { percent, amountCents } }) {
    return amountCents > 0
      ? t('bulk_defaultToleranceAmount', percent, amountWords(amountCents))
      : t('bulk_defaultTolerance', percent);
  },
  webhooks: () => t('bulk_defaultWebhooks'),
} satisfies Record<string, (settings: Settings) => string>;

/** A saved default an order falls back on. */
export type DefaultUse = keyof typeof DESCRIBE;

export function describeDefault(use: DefaultUse, settings: Settings): string {
  return DESCRIBE[use](settings);
}

/** The defaults that apply to every row because the file has no column for them. */
export function defaultsForColumns(
  columns: readonly Column[],
  settings: Settings,
  options: Pick<BulkPayload<'bulk.check'>['options'], 'mode'>,
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
