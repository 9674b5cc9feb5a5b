// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import {
  changedPaths,
  focusFirstProblem,
  focusOn,
  withoutProblemsAt,
} from '../../../src/options/field-problems.ts';
import { stepStates, stepsDone } from '../../../src/options/first-run-guide.tsx';
import { amountText, dateTimeText, timeText } from '../../../src/options/words.ts';
import { defaultSettings } from '../../../src/shared/settings.ts';
import { ADDRESS } from '../../fixtures.ts';

afterEach(() => {
  document.body.innerHTML = '';
  localStorage.clear();
});

describe('stale problems', () => {
  it('finds the leaves that changed, however deep', () => {
    expect(
      changedPaths(
        { gift: { isGift: false, message: '' }, mode: 'own', webhooks: {} },
        { gift: { isGift: false, message: 'Hi' }, mode: 'own', webhooks: { case_updated: 'x' } },
      ),
    ).toEqual(['gift.message', 'webhooks.case_updated']);
    expect(changedPaths({ a: [1, 2] }, { a: [1, 2] })).toEqual([]);
  });

  it('drops only the problems of what changed: the field, inside it, around it, and the whole form’s', () => {
    const problems = [
      { field: 'managed.discount', message: 'a' },
      { field: 'managed.queueTimeoutSeconds', message: 'b' },
      { field: 'shipping', message: 'c' },
      { field: 'sellerCriteria.prime', message: 'd' },
      { field: '', message: 'e' },
    ];
    expect(withoutProblemsAt(problems, ['managed.discount']).map((p) => p.message)).toEqual([
      'b',
      'c',
      'd',
    ]);
    expect(
      withoutProblemsAt(problems, ['shipping.shipping.max_days']).map((p) => p.message),
    ).toEqual(['a', 'b', 'd']);
    expect(withoutProblemsAt(problems, ['sellerCriteria']).map((p) => p.message)).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(withoutProblemsAt(problems, [])).toEqual(problems);
  });
});

describe('the guide’s progress', () => {
  const settings = defaultSettings();
  const connected = {
    set: true,
    check: { result: 'connected' as const, message: 'Connected.', at: 1 },
  };

  it('counts a step done from what Buyline holds', () => {
    expect(stepsDone({ settings, token: { set: true } })).toEqual({
      connection: false,
      address: false,
      mode: true,
    });
    expect(
      stepsDone({
        settings: { ...settings, addresses: [{ id: 'h', label: 'Home', address: ADDRESS }] },
        token: connected,
      }),
    ).toEqual({ connection: true, address: true, mode: true });
    // A failed test, or no token, is not a connection.
    expect(
      stepsDone({
        settings,
        token: { set: true, check: { result: 'token_rejected', message: 'x', at: 1 } },
      }).connection,
    ).toBe(false);
    // The ordering mode is the one the settings hold: never a step left to do.
    expect(stepsDone({ settings, token: undefined }).mode).toBe(true);
  });

  it('names one step next: the first not done, whatever was done after it', () => {
    expect(stepStates({ connection: false, address: true, mode: false })).toEqual({
      connection: 'next',
      address: 'done',
      mode: 'later',
    });
    expect(stepStates({ connection: true, address: false, mode: false })).toEqual({
      connection: 'done',
      address: 'next',
      mode: 'later',
    });
  });
});

describe('numbers and times in the browser’s language', () => {
  it('writes amounts with the language’s decimal sign and no grouping', () => {
    expect(amountText(150, 'en-US')).toBe('1.50');
    expect(amountText(150, 'de-DE')).toBe('1,50');
    expect(amountText(123456, 'en-US')).toBe('1234.56');
  });

  it('writes times and dates as the language does', () => {
    const at = new Date(2026, 2, 12, 14, 5).getTime();
    expect(timeText(at, 'en-GB')).toBe('14:05');
    expect(timeText(at, 'en-US')).toBe('2:05 PM');
    expect(dateTimeText(at, 'en-GB')).toBe('12 Mar 2026, 14:05');
  });
});

describe('focus after an action', () => {
  it('goes to the first field marked invalid, in the order of the page', () => {
    document.body.innerHTML = `
      <input id="a"><input id="b" aria-invalid="true"><p class="error" role="alert">x</p>
      <input id="c" aria-invalid="true">`;
    expect(focusFirstProblem(document.body)).toBe(true);
    expect(document.activeElement?.id).toBe('b');
  });

  it('goes to a problem no field shows when there is no field marked, and says when there is none', () => {
    document.body.innerHTML =
      '<input id="a"><p class="error" role="alert" id="m">Storage is full.</p>';
    expect(focusFirstProblem(document.body)).toBe(true);
    expect(document.activeElement?.id).toBe('m');
    // Made focusable by script only: Tab does not stop there.
    expect(document.getElementById('m')?.getAttribute('tabindex')).toBe('-1');
    document.body.innerHTML = '<input id="a">';
    expect(focusFirstProblem(document.body)).toBe(false);
  });

  it('reaches a group through its first control', () => {
    document.body.innerHTML =
      '<fieldset id="g" aria-invalid="true"><legend>Condition</legend><input id="first" type="checkbox"></fieldset>';
    expect(focusOn(document.getElementById('g'))).toBe(true);
    expect(document.activeElement?.id).toBe('first');
  });
});
