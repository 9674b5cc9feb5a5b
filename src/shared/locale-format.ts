/**
 * Money, counts, dates, waits and lists as the browser's language writes them
 * (navigator.language), through Intl, for the background's notices and titles and for
 * any page that wants the same. Zod-free and pure but for reading the locale.
 */

/** The browser's language, or undefined (Intl's default) where there is none, as in Node. */
export function userLocale(): string | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.language || undefined;
}

/**
 * Intl's formatters, made once per language and options: making one costs about a
 * millisecond, using it microseconds, and a list formats many amounts alike.
 */
const made = new Map<string, unknown>();

function formatter<T>(kind: string, locale: string | undefined, options: object, make: () => T): T {
  const key = `${kind}|${locale ?? ''}|${JSON.stringify(options)}`;
  let found = made.get(key) as T | undefined;
  if (found === undefined) {
    found = make();
    made.set(key, found);
  }
  return found;
}

export const numberFormat = (locale: string | undefined, options: Intl.NumberFormatOptions = {}) =>
  formatter('number', locale, options, () => new Intl.NumberFormat(locale, options));

export const dateFormat = (locale: string | undefined, options: Intl.DateTimeFormatOptions = {}) =>
  formatter('date', locale, options, () => new Intl.DateTimeFormat(locale, options));

/**
 * An amount in minor units in its currency, with the currency's own decimals as Intl
 * knows them: 1500 JPY is ¥1,500 and 2599 USD is $25.99.
 */
export function formatMinorUnits(amount: number, currency: string, locale = userLocale()): string {
  try {
    const format = numberFormat(locale, { style: 'currency', currency });
    const decimals = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(amount / 10 ** decimals);
  } catch {
    // A currency code Intl refuses must not hide the amount. Its decimals are unknown,
    // and the service's money is in cents (decisions.md), so it is shown as such.
    return `${(amount / 100).toFixed(2)} ${currency}`;
  }
}

/** A whole number with the language's grouping ("1,000", "1.000"). */
export function formatCount(count: number, locale = userLocale()): string {
  return numberFormat(locale).format(count);
}

/**
 * A delivery date as the service gave it (an ISO date, or a timestamp) as a medium
 * date ("14 May 2026", "May 14, 2026"), or undefined when it is not a date. A date
 * without a time is the same day everywhere, so it is read and written in UTC.
 */
export function formatDay(text: string, locale = userLocale()): string | undefined {
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(text.trim());
  return dateFormat(locale, {
    dateStyle: 'medium',
    ...(dateOnly ? { timeZone: 'UTC' } : {}),
  }).format(at);
}

/** A wait in whole minutes, in words ("61 minutes", "3 hours" from two hours on). */
export function formatWait(minutes: number, locale = userLocale()): string {
  const [value, unit] = minutes >= 120 ? [Math.floor(minutes / 60), 'hour'] : [minutes, 'minute'];
  return numberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/** Items as a short list ("M-1, M-2"), as the language separates them. */
export function formatList(items: readonly string[], locale = userLocale()): string {
  const options = { type: 'unit', style: 'short' } as const;
  const list = formatter('list', locale, options, () => new Intl.ListFormat(locale, options));
  return list.format(items);
}

/** Whether a count takes the language's singular form ("1 order", not "1 orders"). */
export function isSingular(count: number, locale = userLocale()): boolean {
  return (
    formatter('plural', locale, {}, () => new Intl.PluralRules(locale)).select(count) === 'one'
  );
}
