import { describe, expect, it } from 'vitest';
import { defaultsPatch, defaultsTexts } from '../../../src/shared/defaults-form.ts';
import { definedOnly, listOf, numberOrText } from '../../../src/shared/form-values.ts';
import { centsToText, formatCents, moneyOrText, parseMoney } from '../../../src/shared/money.ts';
import { criteriaForm, criteriaFromForm } from '../../../src/shared/seller-criteria-form.ts';
import {
  defaultSettings,
  mergeSettings,
  settingsSchema,
  strictSettingsSchema,
} from '../../../src/shared/settings.ts';

describe('money', () => {
  it('reads an amount typed with a point or a comma, in cents', () => {
    expect(parseMoney('19.99')).toBe(1999);
    expect(parseMoney(' 19,9 ')).toBe(1990);
    expect(parseMoney('20')).toBe(2000);
    expect(parseMoney('')).toBeUndefined();
    expect(parseMoney('19.999')).toBeNaN();
    expect(parseMoney('-1')).toBeNaN();
  });

  it('writes cents back as the text a field starts from, and formats them', () => {
    expect(centsToText(1999)).toBe('19.99');
    expect(centsToText(5)).toBe('0.05');
    expect(centsToText(undefined)).toBe('');
    expect(formatCents(2124, 'USD', 'en-US')).toBe('$21.24');
    expect(formatCents(2124, 'XYZ1', 'en-US')).toBe('21.24 XYZ1');
  });

  it('passes an amount it cannot read on as typed', () => {
    expect(moneyOrText('1.50')).toBe(150);
    expect(moneyOrText('')).toBeUndefined();
    expect(moneyOrText(' lots ')).toBe('lots');
  });
});

describe('form values', () => {
  it('reads numbers and lists, and keeps text that is not a number', () => {
    expect(numberOrText(' 42 ')).toBe(42);
    expect(numberOrText('2.5')).toBe(2.5);
    expect(numberOrText('')).toBeUndefined();
    expect(numberOrText('often')).toBe('often');
    expect(listOf('A1, B2  C3,,')).toEqual(['A1', 'B2', 'C3']);
    expect(definedOnly({ a: 1, b: undefined })).toEqual({ a: 1 });
  });
});

describe('seller criteria as a form', () => {
  it('goes to the form and back unchanged', () => {
    const saved = {
      prime: true,
      buy_box: false,
      condition_in: ['New' as const],
      handling_days_max: 3,
      max_item_price: 2550,
      merchant_id_in: ['A1', 'B2'],
      min_seller_percent_positive_feedback: 95,
    };
    expect(criteriaFromForm(criteriaForm(saved))).toEqual(saved);
  });

  it('is the service’s defaults when none are saved', () => {
    const form = criteriaForm(null);
    expect(form.useDefaults).toBe(true);
    expect(criteriaFromForm(form)).toBeUndefined();
  });
});

describe('the order defaults as a form', () => {
  it('goes to the form and back as a patch the settings accept', () => {
    const settings = settingsSchema.parse({
      shipping: { kind: 'object', shipping: { order_by: 'speed', max_days: 4, max_price: 750 } },
      managed: {
        discount: -10,
        queueTimeoutSeconds: 3600,
        primeOptout: true,
        priorityBidCents: 150,
      },
      maxPriceTolerance: { percent: 5, amountCents: 200 },
      holdSeconds: 0,
    });
    const texts = defaultsTexts(settings);
    expect(texts).toMatchObject({ bid: '1.50', amount: '2.00', shipMax: '7.50', hold: '0' });
    const patch = defaultsPatch(settings, texts);
    const merged = strictSettingsSchema().parse(mergeSettings(defaultSettings(), patch));
    expect(merged).toEqual(settings);
  });

  it('passes text that is not a number on, for the background to refuse at its field', () => {
    const settings = defaultSettings();
    const patch = defaultsPatch(settings, { ...defaultsTexts(settings), fast: 'often', idle: '' });
    expect(patch).toMatchObject({ polling: { fastSeconds: 'often' }, vaultIdleLockMinutes: '' });
  });
});
