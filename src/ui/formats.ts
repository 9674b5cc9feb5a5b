/** Money and dates as the buyer's browser writes them, the same way on every page. */
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

/** A day the service gave, the date alone (a bare ISO date is that day wherever the buyer is). */
export const day = (text: string) => formatDay(text, navigator.language) ?? text;

/** A moment to the second: told apart from another made in the same minute. */
export function momentExact(at: unknown): string | undefined {
  const date = new Date(typeof at === 'number' ? at : Number.NaN);
  return Number.isNaN(date.getTime())
    ? undefined
    : dateFormat(navigator.language, { dateStyle: 'medium', timeStyle: 'medium' }).format(date);
}
