/**
 * Money and dates as the buyer's browser writes them (its language, through Intl), so
 * every page shows "$21.24" and "Mar 5, 2026" the same way.
 */
import { dateFormat, formatDay } from '../shared/locale-format.ts';
import { formatCents } from '../shared/money.ts';

/** An amount in minor units, in its currency. */
export const money = (cents: number, currency?: string) =>
  formatCents(cents, currency, navigator.language);

/** A moment (unix ms), day and time; undefined when it is not one. */
export function moment(at: unknown): string | undefined {
  const date = new Date(typeof at === 'number' ? at : Number.NaN);
  return Number.isNaN(date.getTime())
    ? undefined
    : dateFormat(navigator.language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/**
 * A day the service gave, as an ISO date ("2026-03-05") or a timestamp: the date alone.
 * A bare date is that calendar day wherever the buyer is; text that is no date stays as it is.
 */
export const day = (text: string) => formatDay(text, navigator.language) ?? text;
