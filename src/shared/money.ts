import { formatMinorUnits } from './locale-format.ts';

/** Money as cents in requests, "19.99" in a form field, and "$19.99" on screen. */

/** An amount in minor units on screen, with its currency's own decimals (locale-format.ts). */
export const formatCents = (cents: number, currency = 'USD', locale?: string): string =>
  formatMinorUnits(cents, currency, locale);

/** "19.99" (or "19,99") → 1999; undefined for empty text; NaN for text that is not an amount. */
export function parseMoney(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const match = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(trimmed);
  return match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : Number.NaN;
}

/** 1999 → "19.99", the text a money field starts from; empty for no amount. */
export function centsToText(cents: number | undefined): string {
  return cents === undefined || !Number.isFinite(cents) ? '' : (cents / 100).toFixed(2);
}

/** A money field's value for a request: cents, nothing when empty, else the text for the check. */
export function moneyOrText(text: string): number | string | undefined {
  const cents = parseMoney(text);
  return cents !== undefined && Number.isNaN(cents) ? text.trim() : cents;
}
