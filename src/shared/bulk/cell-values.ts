/**
 * A CSV cell's text as the value an order needs: undefined for an empty cell (the
 * default applies), null for text that is no such value (a problem for that cell).
 */
import type { Settings } from '../settings.ts';

/** The saved address used when a row gives none. */
export function defaultAddress(settings: Pick<Settings, 'addresses' | 'defaultAddressId'>) {
  return (
    settings.addresses.find((entry) => entry.id === settings.defaultAddressId) ??
    settings.addresses[0]
  );
}

const CURRENCY_MARKS =
  /^(?:[$£€]|US\$|CA\$|MX\$|C\$|USD|GBP|EUR|CAD|MXN)\s*|\s*(?:[$£€]|USD|GBP|EUR|CAD|MXN)$/gi;

/** "25", "25.5", "25.50", "$1,299.99", "12,99" (decimal comma) → cents. */
export function moneyCents(text: string | undefined): number | undefined | null {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return undefined;
  const bare = trimmed.replace(CURRENCY_MARKS, '').trim();
  // Thousands separators only in the unambiguous form 1,299.99 (or 1,299).
  const grouped = /^(\d{1,3}(?:,\d{3})+)(?:\.(\d{1,2}))?$/.exec(bare);
  const plain = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(bare);
  const match = grouped ?? plain;
  if (!match) return null;
  const units = Number((match[1] ?? '').replace(/,/g, ''));
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  const total = units * 100 + cents;
  return Number.isSafeInteger(total) ? total : null;
}

/**
 * A count as the order request takes it: a number when the cell reads as one, else
 * the text itself, so that the order's own check says what is wrong with it.
 */
export function countValue(text: string | undefined): number | string | undefined {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return undefined;
  return /^[+-]?\d+(?:\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}

const YES = new Set(['yes', 'y', 'true', '1', 'x']);
const NO = new Set(['no', 'n', 'false', '0']);

/** yes/no, true/false, 1/0. */
export function yesNo(text: string | undefined): boolean | undefined | null {
  const trimmed = (text ?? '').trim().toLowerCase();
  if (trimmed === '') return undefined;
  if (YES.has(trimmed)) return true;
  if (NO.has(trimmed)) return false;
  return null;
}
