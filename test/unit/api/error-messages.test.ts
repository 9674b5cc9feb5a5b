import { describe, expect, it } from 'vitest';
import { KNOWN_ERROR_CODES } from '../../../src/api/error-codes.ts';
import { EXPLANATIONS, explainErrorCode } from '../../../src/api/error-messages.ts';

describe('plain error messages', () => {
  it('explain every published code with a fix', () => {
    for (const code of KNOWN_ERROR_CODES) {
      const { title, fix } = explainErrorCode(code);
      expect(title, code).toMatch(/\.$/);
      expect(fix.length, code).toBeGreaterThan(10);
    }
    expect(Object.keys(EXPLANATIONS).sort()).toEqual([...KNOWN_ERROR_CODES].sort());
  });

  it('say what to do about the common failures', () => {
    expect(explainErrorCode('max_price_exceeded').fix).toContain('maximum price');
    expect(explainErrorCode('order_probably_placed').fix).toContain('before placing it again');
    expect(explainErrorCode('internal_error').retryable).toBe(true);
    expect(explainErrorCode('credit_card_declined').retryable).toBe(false);
  });

  it('show an unknown code as it came, with the service’s message', () => {
    const { title } = explainErrorCode('quantum_flux', 'The flux was off.');
    expect(title).toContain('quantum_flux');
    expect(title).toContain('The flux was off.');
  });
});
