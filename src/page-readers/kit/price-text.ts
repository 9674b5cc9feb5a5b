/** Price text as storefronts write it ("1.299,00 €", "R$ 1.234,56", "US $5.99"), to minor units. */
import type { Price } from '../types.ts';
import { text } from './page-text.ts';

/** Currencies without minor units: their prices are whole numbers. */
const WHOLE_CURRENCIES = ['JPY', 'KRW', 'CLP', 'VND', 'ISK', 'PYG', 'UGX'];
/** Signs several currencies write: the storefront's currency when it is one of them. */
const SHARED_SIGNS: Record<string, string[]> = {
  $: ['USD', 'CAD', 'MXN', 'AUD', 'NZD', 'SGD', 'HKD', 'TWD', 'CLP', 'COP', 'ARS'],
  '¥': ['CNY', 'JPY'],
  '￥': ['CNY', 'JPY'],
  KR: ['SEK', 'NOK', 'DKK'],
};
/** Symbols and abbreviations, upper-cased and without spaces, and the currency of each. */
const SYMBOLS: Readonly<Record<string, string>> = {
  $: 'USD',
  US$: 'USD',
  C$: 'CAD',
  CA$: 'CAD',
  CDN$: 'CAD',
  MX$: 'MXN',
  MEX$: 'MXN',
  R$: 'BRL',
  A$: 'AUD',
  AU$: 'AUD',
  NZ$: 'NZD',
  S$: 'SGD',
  HK$: 'HKD',
  '€': 'EUR',
  '£': 'GBP',
  'JP¥': 'JPY',
  円: 'JPY',
  'CN¥': 'CNY',
  RMB: 'CNY',
  '₩': 'KRW',
  ZŁ: 'PLN',
  '₽': 'RUB',
  'РУБ.': 'RUB',
  РУБ: 'RUB',
  '₺': 'TRY',
  TL: 'TRY',
  '₹': 'INR',
  '₪': 'ILS',
  '฿': 'THB',
  '₫': 'VND',
  'FR.': 'CHF',
};

export function currencyOf(symbol: string, storefrontCurrency: string): string | undefined {
  const key = symbol.replace(/\s+/g, '').toUpperCase();
  if (SHARED_SIGNS[key]?.includes(storefrontCurrency)) return storefrontCurrency;
  return SYMBOLS[key] ?? (/^[A-Z]{3}$/.test(key) ? key : undefined);
}

const digitsOf = (currency: string) => (WHOLE_CURRENCIES.includes(currency) ? 0 : 2);

/** "1,299.00", "1.299,00", "1 299,99", "1'299.00", "24,5", "1,299" → [whole, fraction]. */
function splitNumber(number: string): [string, string] | undefined {
  const last = Math.max(number.lastIndexOf('.'), number.lastIndexOf(','));
  const tail = last >= 0 ? number.slice(last + 1) : '';
  // One or two digits after the last point or comma make it the decimal separator;
  // three make it a thousands separator ("1,299" is 1299, "1.299" on amazon.de too).
  const hasFraction = last >= 0 && /^\d{1,2}$/.test(tail);
  const whole = hasFraction ? number.slice(0, last) : number;
  const decimal = hasFraction ? number.charAt(last) : '';
  if (!/^\d/.test(whole)) return undefined;
  const separators = new Set(whole.replace(/\d/g, ''));
  if (separators.size > 1 || separators.has(decimal)) return undefined;
  const groups = whole.split(/[.,' ’]/);
  if (groups.length > 1 && !groups.slice(1).every((group) => /^\d{3}$/.test(group)))
    return undefined;
  if (groups.length > 1 && !/^\d{1,3}$/.test(groups[0] ?? '')) return undefined;
  return [groups.join(''), hasFraction ? tail : ''];
}

export function parsePrice(value: string | undefined, currency: string): Price | undefined {
  const clean = text(value) ?? '';
  // One number, with a currency before or after it, and nothing else: a range, a unit
  // price ("$0.47 / Ounce") or words ("from $12") are no single price to pay.
  const match = /^([^\d]*?) ?(\d(?:[\d.,'’]| (?=\d{3}(?!\d)))*) ?([^\d]*)$/.exec(clean);
  if (!match) return undefined;
  const [, before = '', number = '', after = ''] = match;
  const symbols = [before, after].map((part) => part.trim()).filter((part) => part !== '');
  const codes = symbols.map((symbol) => currencyOf(symbol, currency));
  if (codes.some((code) => code === undefined)) return undefined;
  if (new Set(codes).size > 1) return undefined;
  const code = codes[0] ?? currency;
  const parts = splitNumber(number);
  if (!parts) return undefined;
  const digits = digitsOf(code);
  const fraction = parts[1].padEnd(digits, '0');
  if (fraction.length > digits && !/^0*$/.test(fraction.slice(digits))) return undefined;
  const amount = Number(parts[0]) * 10 ** digits + Number(fraction.slice(0, digits) || '0');
  return Number.isSafeInteger(amount) && amount > 0 ? { amount, currency: code } : undefined;
}

export function priceOfAmount(
  amount: unknown,
  currency: unknown,
  fallbackCurrency: string,
): Price | undefined {
  const code =
    typeof currency === 'string' && /^[A-Za-z]{3}$/.test(currency.trim())
      ? currency.trim().toUpperCase()
      : fallbackCurrency;
  if (typeof amount === 'string' && !/^\s*\d+(\.\d+)?\s*$/.test(amount))
    return parsePrice(amount, code);
  const value = typeof amount === 'string' ? Number(amount) : amount;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return undefined;
  const minor = Math.round(value * 10 ** digitsOf(code));
  return Number.isSafeInteger(minor) && minor > 0 ? { amount: minor, currency: code } : undefined;
}

/** Whether a low and a high price make a range ("$12.99 - $15.99"): no one price to pay. */
export function isRange(low: unknown, high: unknown): boolean {
  return low !== undefined && high !== undefined && String(low) !== String(high);
}

/**
 * The one price all these agree on: null when one of them is null (a placeholder or a
 * range) or they differ, undefined when none is known.
 */
export function agreedPrice(prices: (Price | null | undefined)[]): Price | null | undefined {
  if (prices.includes(null)) return null;
  const known = prices.filter((price): price is Price => price !== undefined && price !== null);
  const first = known[0];
  if (!first) return undefined;
  const same = known.every((p) => p.amount === first.amount && p.currency === first.currency);
  return same ? first : null;
}
