/**
 * The ordering mode and vault items' labels in the page's language; numbers and times as
 * the browser's language writes them (navigator.language), through Intl.
 */
import { t } from '../shared/i18n.ts';
import { dateFormat, numberFormat, userLocale } from '../shared/locale-format.ts';
import { retailerName } from '../shared/retailer-names.ts';
import type { Settings } from '../shared/settings.ts';
import type { VaultItem } from '../shared/vault-items.ts';

/** The ordering mode in a few words, as the guide and the statuses say it. */
export const modeName = (mode: Settings['mode']): string =>
  t(mode === 'managed' ? 'options_modeManagedName' : 'options_modeOwnName');

/**
 * An amount in minor units as a plain number with two decimals, the way a money field
 * takes it ("1.50", "1,50"): no currency, since the defaults apply to every storefront,
 * and no grouping, which a money field would refuse.
 */
export const amountText = (cents: number, locale = userLocale()): string =>
  numberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: false,
  }).format(cents / 100);

/** A moment as a short time ("14:05", "2:05 PM"). */
export const timeText = (at: number, locale = userLocale()): string =>
  dateFormat(locale, { timeStyle: 'short' }).format(at);

/** A moment as a date and a time ("12 Mar 2026, 14:05"). */
export const dateTimeText = (at: number, locale = userLocale()): string =>
  dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(at);

const BRANDS: [RegExp, string][] = [
  [/^4/, 'Visa'],
  [/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/, 'Mastercard'],
  [/^3[47]/, 'Amex'],
  [/^(6011|65|64[4-9])/, 'Discover'],
  [/^35(2[89]|[3-8]\d)/, 'JCB'],
  [/^3(0[0-5]|[689])/, 'Diners Club'],
  [/^62/, 'UnionPay'],
];

/** The card's network from its first digits, when it is one of the common ones. */
export function cardBrand(number: string): string | undefined {
  const digits = number.replace(/\D/g, '');
  return BRANDS.find(([pattern]) => pattern.test(digits))?.[1];
}

/** A label for a vault item the user names none: which item it is, nothing secret. */
export function defaultLabel(item: VaultItem): string {
  if (item.kind === 'credentials')
    return t('options_vaultLabelLogin', item.credentials.email, retailerName(item.retailer));
  if (item.kind === 'payment') {
    if (item.payment.use_gift === true) return t('options_vaultLabelGift');
    const digits = (item.payment.number ?? '').replace(/\D/g, '');
    return t(
      'options_vaultLabelCard',
      cardBrand(digits) ?? t('options_vaultCard'),
      digits.slice(-4),
    );
  }
  const { first_name, last_name, city } = item.address;
  return t('options_vaultLabelBilling', first_name, last_name, city);
}
