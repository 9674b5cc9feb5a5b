import { describe, expect, it } from 'vitest';
import { localDayStart, syncRange } from '../../../src/options/data-section.tsx';
import { passphraseStrength } from '../../../src/options/vault-section.tsx';
import { cardBrand, defaultLabel } from '../../../src/options/words.ts';
import { isLocalOrigin, SANDBOX_URL, serviceAddress } from '../../../src/shared/service-address.ts';
import { defaultSettings } from '../../../src/shared/settings.ts';
import { ADDRESS } from '../../fixtures.ts';

describe('the passphrase strength hint', () => {
  it.each([
    ['short', 'too short'],
    ['aaaaaaaaaaaaaaaa', 'weak'],
    ['1234567890', 'weak'],
    ['password1234', 'weak'],
    ['Summer2026!', 'fair'],
    ['orbit lantern velvet', 'weak'],
    ['orbit lantern velvet quarry', 'fair'],
    ['orbit lantern velvet quarry cobalt', 'strong'],
    ['q7#Lm2$vX9!pR4&z', 'strong'],
  ])('rates %j as %s', (passphrase, level) => {
    expect(passphraseStrength(passphrase).level).toBe(level);
  });

  it('says how to do better in plain words', () => {
    expect(passphraseStrength('short').hint).toMatch(/at least 10 characters/);
    // Before anything is typed, what a passphrase needs.
    expect(passphraseStrength('').hint).toMatch(/^At least 10 characters; four or more/);
    expect(passphraseStrength('password1234').hint).toMatch(/^Weak: add more words/);
  });
});

describe('labels of vault items', () => {
  it.each([
    ['4111111111114444', 'Visa'],
    ['5555555555554444', 'Mastercard'],
    ['2223003122003222', 'Mastercard'],
    ['378282246310005', 'Amex'],
    ['6011111111111117', 'Discover'],
    ['3530111333300000', 'JCB'],
    ['9999999999999999', undefined],
  ])('names the network of %s', (number, brand) => {
    expect(cardBrand(number)).toBe(brand);
  });

  it('say which item it is without anything secret', () => {
    const card = defaultLabel({
      kind: 'payment',
      id: 'c',
      label: 'x',
      payment: {
        name_on_card: 'Jane',
        number: '4111111111114444',
        security_code: '123',
        expiration_month: 1,
        expiration_year: 2030,
      },
    });
    expect(card).toBe('Visa ending 4444');
    expect(
      defaultLabel({ kind: 'payment', id: 'g', label: 'x', payment: { use_gift: true } }),
    ).toBe('Gift balance');
    expect(
      defaultLabel({
        kind: 'credentials',
        id: 'l',
        label: 'x',
        retailer: 'amazon',
        credentials: { email: 'jane@example.com', password: 'secret-password' },
      }),
    ).toBe('jane@example.com on Amazon');
    expect(defaultLabel({ kind: 'billing', id: 'b', label: 'x', address: ADDRESS })).toBe(
      'Billing: Jane Doe, Cambridge',
    );
  });
});

describe('the sync’s date range', () => {
  it('covers whole local days, both ends included', () => {
    expect(syncRange('2026-03-01', '2026-03-31')).toEqual({
      ok: true,
      range: {
        from: new Date(2026, 2, 1).getTime(),
        to: new Date(2026, 3, 1).getTime(),
      },
    });
    expect(syncRange('', '')).toEqual({ ok: true, range: {} });
    expect(syncRange('', '2026-12-31')).toEqual({
      ok: true,
      range: { to: new Date(2027, 0, 1).getTime() },
    });
  });

  it('refuses dates that are not dates, and an end before the start', () => {
    expect(localDayStart('2026-02-30')).toBeUndefined();
    expect(syncRange('yesterday', '')).toMatchObject({ ok: false, field: 'from' });
    expect(syncRange('2026-03-02', '2026-03-01')).toMatchObject({ ok: false, field: 'to' });
    expect(syncRange('2026-03-02', '2026-03-02').ok).toBe(true);
  });
});

describe('the service address', () => {
  it('is cleaned up, and its origin is what permission is asked for', () => {
    expect(serviceAddress(' https://orders.example.com/api/ ')).toEqual({
      url: 'https://orders.example.com/api',
      origin: 'https://orders.example.com',
    });
    expect(serviceAddress('http://127.0.0.1:8787/')).toEqual({
      url: 'http://127.0.0.1:8787',
      origin: 'http://127.0.0.1:8787',
    });
    expect(serviceAddress('ftp://example.com')).toHaveProperty('error');
    expect(serviceAddress('example.com')).toHaveProperty('error');
  });

  it('points at the same sandbox as the default settings', () => {
    expect(SANDBOX_URL).toBe(defaultSettings().serviceUrl);
  });

  it('needs no permission on this machine only', () => {
    expect(isLocalOrigin('http://127.0.0.1:8787')).toBe(true);
    expect(isLocalOrigin('http://localhost')).toBe(true);
    expect(isLocalOrigin('https://localhost.example.com')).toBe(false);
    expect(isLocalOrigin('http://127.0.0.1.example.com')).toBe(false);
  });
});
