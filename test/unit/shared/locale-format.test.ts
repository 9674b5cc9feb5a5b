import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  dateFormat,
  formatCount,
  formatDay,
  formatList,
  formatMinorUnits,
  formatWait,
  isSingular,
  numberFormat,
  userLocale,
} from '../../../src/shared/locale-format.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('words in the browser’s language', () => {
  it('take the language from the browser, and Intl’s default where there is none', () => {
    vi.stubGlobal('navigator', { language: 'fr-FR' });
    expect(userLocale()).toBe('fr-FR');
    expect(formatCount(1234)).toMatch(/^1\s234$/u);
    vi.stubGlobal('navigator', undefined);
    expect(userLocale()).toBeUndefined();
  });

  it('read minor units by each currency’s own decimals', () => {
    expect(formatMinorUnits(2599, 'USD', 'en-US')).toBe('$25.99');
    expect(formatMinorUnits(1500, 'JPY', 'en-US')).toBe('¥1,500');
    expect(formatMinorUnits(12345, 'KWD', 'en-US')).toMatch(/^KWD\s12\.345$/u);
    expect(formatMinorUnits(2599, 'EUR', 'de-DE')).toMatch(/^25,99\s€$/u);
    expect(formatMinorUnits(5, 'GBP', 'en-GB')).toBe('£0.05');
  });

  it('show an amount in a currency code Intl refuses in cents, with the code as it came', () => {
    expect(formatMinorUnits(2599, 'US', 'en-US')).toBe('25.99 US');
  });

  it('write a date-only delivery date as the same day in every time zone', () => {
    expect(formatDay('2026-05-14', 'en-US')).toBe('May 14, 2026');
    expect(formatDay('2026-05-14', 'en-GB')).toBe('14 May 2026');
    expect(formatDay('next week', 'en-US')).toBeUndefined();
  });

  it('write waits, lists and plural choices', () => {
    expect(formatWait(1, 'en-US')).toBe('1 minute');
    expect(formatWait(119, 'en-US')).toBe('119 minutes');
    expect(formatWait(150, 'en-US')).toBe('2 hours');
    expect(formatList(['M-1', 'M-2', 'M-3'], 'en-US')).toBe('M-1, M-2, M-3');
    expect(isSingular(1, 'en-US')).toBe(true);
    expect(isSingular(0, 'en-US')).toBe(false);
    expect(isSingular(2, 'en-US')).toBe(false);
  });
});

describe('formatters made once', () => {
  it('reuses a formatter for the same language and options, and makes another for others', () => {
    const usd = numberFormat('en-US', { style: 'currency', currency: 'USD' });
    expect(numberFormat('en-US', { style: 'currency', currency: 'USD' })).toBe(usd);
    expect(numberFormat('en-US', { style: 'currency', currency: 'EUR' })).not.toBe(usd);
    expect(numberFormat('de-DE', { style: 'currency', currency: 'USD' })).not.toBe(usd);
    expect(numberFormat('de-DE', { style: 'currency', currency: 'USD' }).format(1.5)).toBe(
      '1,50\u00a0$',
    );
    const day = dateFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
    expect(dateFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })).toBe(day);
    expect(day.format(Date.UTC(2026, 2, 5))).toBe('Mar 5, 2026');
    // A date and a number format with the same options are not confused.
    expect(dateFormat('en-US', {})).not.toBe(numberFormat('en-US', {}));
  });
});
