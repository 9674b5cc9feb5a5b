/**
 * Labels for vault items the user names none: which item it is, nothing secret ("Visa
 * ending 4444", "jane@example.com on Amazon").
 */
import { t } from '../shared/i18n.ts';
import { retailerName } from '../shared/retailer-names.ts';
import type { VaultItem } from '../shared/vault-items.ts';

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
