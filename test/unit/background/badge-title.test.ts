import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { badgeTitle } from '../../../src/background/telling/badge.ts';

// The toolbar button's title in words: what waits for the buyer first, then what is in
// flight, each counted in the singular or plural, numbers and lists as the browser's
// language writes them, and every word through the browser's i18n.

beforeEach(() => {
  vi.stubGlobal('navigator', { language: 'en-US' });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the badge’s title', () => {
  it('says when nothing is under way and nothing waits', () => {
    expect(badgeTitle(0, 0)).toBe('Buyline: nothing in flight');
    expect(badgeTitle(0, 0, 0)).toBe('Buyline: nothing in flight');
  });

  it('counts orders and cancellations in flight, one and many', () => {
    expect(badgeTitle(1, 0)).toBe('Buyline: 1 order in flight');
    expect(badgeTitle(2, 0)).toBe('Buyline: 2 orders in flight');
    expect(badgeTitle(0, 1)).toBe('Buyline: 1 cancellation in flight');
    expect(badgeTitle(2, 3)).toBe('Buyline: 2 orders in flight, 3 cancellations in flight');
  });

  it('puts the orders that need the buyer first, without calling them all failed', () => {
    // An unseen failure may be one to check at the retailer (order_probably_placed):
    // the title must not call it failed.
    expect(badgeTitle(0, 0, 1)).toBe('Buyline: 1 order needs your attention');
    expect(badgeTitle(1, 2, 3)).toBe(
      'Buyline: 3 orders need your attention, 1 order in flight, 2 cancellations in flight',
    );
    expect(badgeTitle(0, 0, 4)).not.toMatch(/fail/i);
  });

  it('writes large counts as the browser’s language groups them', () => {
    expect(badgeTitle(1200, 0)).toBe('Buyline: 1,200 orders in flight');
    vi.stubGlobal('navigator', { language: 'de-DE' });
    expect(badgeTitle(1200, 0)).toBe('Buyline: 1.200 orders in flight');
  });

  it('asks the browser’s i18n for its words, singular or plural by count', () => {
    const getMessage = vi.fn((key: string, subs?: string | string[]) =>
      [key, ...[subs ?? []].flat()].join('|'),
    );
    vi.stubGlobal('chrome', { i18n: { getMessage } });
    expect(badgeTitle(0, 0)).toBe('badgeIdle');
    expect(badgeTitle(1, 2, 1)).toBe(
      'badgeSummary|badgeAttentionOne|1, badgeOrdersOne|1, badgeCancellationsOther|2',
    );
  });
});
