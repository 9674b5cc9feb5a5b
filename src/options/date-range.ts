/**
 * The sync's date range, as the user means it: whole days in their own time zone,
 * both ends included. The service's range is in unix milliseconds, the start
 * inclusive and the end exclusive, so the end is the start of the day after.
 */
import { t } from '../shared/i18n.ts';

export type DateRange = { from?: number; to?: number };

/** Local midnight of a `YYYY-MM-DD` date, or undefined when it is not one. */
export function localDayStart(text: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day
    ? date.getTime()
    : undefined;
}

export function syncRange(
  from: string,
  to: string,
): { ok: true; range: DateRange } | { ok: false; field: 'from' | 'to'; message: string } {
  const start = from.trim() === '' ? undefined : localDayStart(from);
  const last = to.trim() === '' ? undefined : localDayStart(to);
  if (from.trim() !== '' && start === undefined)
    return { ok: false, field: 'from', message: t('options_syncFromInvalid') };
  if (to.trim() !== '' && last === undefined)
    return { ok: false, field: 'to', message: t('options_syncToInvalid') };
  const end = last === undefined ? undefined : nextDay(to);
  if (start !== undefined && end !== undefined && start >= end)
    return { ok: false, field: 'to', message: t('options_syncToBeforeFrom') };
  return {
    ok: true,
    range: {
      ...(start !== undefined ? { from: start } : {}),
      ...(end !== undefined ? { to: end } : {}),
    },
  };
}

/** Local midnight of the day after a `YYYY-MM-DD` date (daylight saving time included). */
function nextDay(text: string): number {
  const [year, month, day] = text.trim().split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day + 1).getTime();
}
