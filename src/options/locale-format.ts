/**
 * Numbers and times as the browser's language writes them (navigator.language), through
 * Intl: the options page shows amounts in its hints and times in its statuses this way.
 */

/** The browser's language, or the default one where there is none (a test's DOM). */
export function pageLocale(): string | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.language || undefined;
}

/**
 * An amount in minor units as a plain number with two decimals, the way a money field
 * takes it ("1.50", "1,50"): no currency, since the defaults apply to every storefront,
 * and no grouping, which a money field would refuse.
 */
export function amountText(cents: number, locale = pageLocale()): string {
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: false,
  }).format(cents / 100);
}

/** A moment as a short time ("14:05", "2:05 PM"). */
export function timeText(at: number, locale = pageLocale()): string {
  return new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(at);
}

/** A moment as a date and a time ("12 Mar 2026, 14:05"). */
export function dateTimeText(at: number, locale = pageLocale()): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(at);
}
