import { afterEach, describe, expect, it, vi } from 'vitest';
import messages from '../../../public/_locales/en/messages.json' with { type: 'json' };
import { KNOWN_ERROR_CODES } from '../../../src/api/error-codes.ts';
import { EXPLANATIONS, explainErrorCode } from '../../../src/api/error-messages.ts';
import { joinSentences } from '../../../src/shared/sentences.ts';

const table: Record<string, { message: string; description?: string } | undefined> = messages;
/** A full stop, then perhaps spaces, then another: ".." or ". .". */
const DOUBLED_STOP = /\.\s*\./;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('plain error messages', () => {
  it('explain every published code with a fix', () => {
    for (const code of KNOWN_ERROR_CODES) {
      const { title, fix } = explainErrorCode(code);
      expect(title, code).toMatch(/\.$/);
      expect(fix.length, code).toBeGreaterThan(10);
    }
    expect(Object.keys(EXPLANATIONS).sort()).toEqual([...KNOWN_ERROR_CODES].sort());
  });

  it('give every code one sentence of what happened and a fix, never a doubled full stop', () => {
    for (const code of KNOWN_ERROR_CODES) {
      const { title, fix } = explainErrorCode(code);
      expect(title, code).toMatch(/^[A-Z].*[^.\s]\.$/);
      expect(fix, code).toMatch(/^[A-Z].*[^.\s]\.$/);
      // However a page puts them together: with a space, or through joinSentences.
      expect(`${title} ${fix}`, code).not.toMatch(DOUBLED_STOP);
      expect(joinSentences(title, fix), code).toBe(`${title} ${fix}`);
    }
  });

  it('keep each code’s words in the messages file, described for translators', () => {
    for (const code of KNOWN_ERROR_CODES) {
      for (const part of ['title', 'fix'] as const) {
        const entry = table[`error_${code}_${part}`];
        expect(entry?.message, `${code} ${part}`).toBe(explainErrorCode(code)[part]);
        expect(entry?.description, `${code} ${part}`).toContain(code);
      }
    }
  });

  it('speak the browser’s language', () => {
    vi.stubGlobal('chrome', {
      i18n: {
        getMessage: (key: string, subs?: string | string[]) =>
          `«${[key, ...[subs ?? []].flat()].join('|')}»`,
      },
    });
    expect(explainErrorCode('max_price_exceeded')).toEqual({
      title: '«error_max_price_exceeded_title»',
      fix: '«error_max_price_exceeded_fix»',
      retryable: false,
    });
    expect(explainErrorCode('quantum_flux', 'Bad.').title).toBe(
      '«error_unknown_title_said|quantum_flux|Bad.».',
    );
  });

  it('say what to do about the common failures', () => {
    expect(explainErrorCode('max_price_exceeded').fix).toContain('maximum price');
    expect(explainErrorCode('order_probably_placed').fix).toContain('before placing it again');
    expect(explainErrorCode('internal_error').retryable).toBe(true);
    expect(explainErrorCode('credit_card_declined').retryable).toBe(false);
  });

  it('mark as retryable only what may work when tried again later', () => {
    const retryable = KNOWN_ERROR_CODES.filter((code) => explainErrorCode(code).retryable);
    expect(retryable.sort()).toEqual(
      [
        'account_login_failed',
        'attempting_to_cancel',
        'internal_error',
        'managed_temporarily_overloaded',
        'request_processing',
        'too_many_requests',
      ].sort(),
    );
  });

  it('answer a plain object, as it crosses the message boundary', () => {
    const explanation = explainErrorCode('credit_card_declined');
    expect(JSON.parse(JSON.stringify(explanation))).toEqual(explanation);
    expect(structuredClone(explanation)).toEqual(explanation);
  });

  it('show an unknown code as it came, with the service’s message', () => {
    const { title } = explainErrorCode('quantum_flux', 'The flux was off.');
    expect(title).toContain('quantum_flux');
    expect(title).toContain('The flux was off.');
  });

  it('end an unknown code’s title in exactly one full stop, whatever the message ends in', () => {
    const expected = 'The service answered quantum_flux: Something failed.';
    for (const said of [
      'Something failed.',
      'Something failed',
      'Something failed..',
      'Something failed. .',
      '  Something failed.  ',
    ])
      expect(explainErrorCode('quantum_flux', said).title, said).toBe(expected);
    expect(explainErrorCode('quantum_flux', 'Is it?').title).toBe(
      'The service answered quantum_flux: Is it?',
    );
    for (const said of [undefined, '', '   '])
      expect(explainErrorCode('quantum_flux', said).title).toBe(
        'The service answered quantum_flux.',
      );
    const { title, fix } = explainErrorCode('quantum_flux', 'Something failed.');
    expect(`${title} ${fix}`).not.toMatch(DOUBLED_STOP);
    expect(fix).toBe(
      'Check the order on the retailer’s site, or contact the service’s support with this code.',
    );
  });

  it('never take an object’s own property names for codes', () => {
    for (const code of ['constructor', 'toString', '__proto__', 'hasOwnProperty'])
      expect(explainErrorCode(code).title, code).toBe(`The service answered ${code}.`);
  });

  it('explain Buyline’s own code for an order it could not confirm', () => {
    expect(explainErrorCode('not_confirmed')).toEqual({
      title: 'Buyline could not confirm this order with the service for a day.',
      fix: 'Check your retailer account before placing it again: it may have been placed.',
      retryable: false,
    });
  });
});
