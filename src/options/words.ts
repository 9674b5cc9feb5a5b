/**
 * The ordering mode in the page's language; numbers and times as the browser's language
 * writes them (navigator.language), through Intl.
 */
import { t } from '../shared/i18n.ts';
import { dateFormat, numberFormat, userLocale } from '../shared/locale-format.ts';
import type { Settings } from '../shared/settings.ts';

type Mode = Settings['mode'];

/** The ordering mode in a few words, as the guide and the statuses say it. */
export const modeName = (mode: Mode): string =>
  t(mode === 'managed' ? 'options_modeManagedName' : 'options_modeOwnName');

/** The ordering mode as a choice names it. */
export const modeOption = (mode: Mode): string =>
  t(mode === 'managed' ? 'options_modeManagedOption' : 'options_modeOwnOption');

/** The ordering mode with what it means. */
export const modeChoice = (mode: Mode): string =>
  t(mode === 'managed' ? 'options_modeManagedChoice' : 'options_modeOwnChoice');

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
