import { describe, expect, it } from 'vitest';
import { REDACTED, redactSecrets } from '../../../../src/background/history/redact.ts';
import {
  CARD,
  CVC,
  expectNoSecrets,
  MASKED_CARD,
  PASSWORD,
  secretRequest,
  TOTP,
} from './secrets.ts';

describe('redactSecrets', () => {
  it('masks the card to its last four and replaces CVC, password and 2FA key in a request', () => {
    const redacted = redactSecrets(secretRequest());
    expectNoSecrets(redacted);
    expect(redacted.payment_method).toEqual({
      name_on_card: 'Jane Doe',
      number: MASKED_CARD,
      security_code: REDACTED,
      expiration_month: 1,
      expiration_year: 2030,
    });
    expect(redacted.retailer_credentials).toEqual({
      email: 'jane@example.com',
      password: REDACTED,
      totp_2fa_key: REDACTED,
    });
  });

  it('keeps everything else, unknown fields included, and leaves its input untouched', () => {
    const request = secretRequest();
    const before = structuredClone(request);
    const redacted = redactSecrets(request);
    expect(request).toEqual(before);
    const { payment_method: _p, retailer_credentials: _c, ...rest } = redacted;
    const { payment_method: _bp, retailer_credentials: _bc, ...expected } = before;
    expect(rest).toEqual(expected);
    expect(redacted.x_future_field).not.toBe(request.x_future_field);
  });

  it('redacts the request echoed in an order_response', () => {
    const body = {
      _type: 'order_response',
      price_components: { total: 1999, currency: 'USD' },
      merchant_order_ids: [{ merchant_order_id: 'M-1' }],
      request: secretRequest(),
    };
    const redacted = redactSecrets(body);
    expectNoSecrets(redacted);
    expect(redacted.price_components).toEqual(body.price_components);
    expect(JSON.stringify(redacted)).toContain(MASKED_CARD);
  });

  it('redacts the request echoed in an error body', () => {
    const body = {
      _type: 'error',
      code: 'invalid_card_number',
      message: 'The card number was refused.',
      data: { msg: 'refused' },
      request: secretRequest(),
    };
    const redacted = redactSecrets(body);
    expectNoSecrets(redacted);
    expect(redacted).toMatchObject({ code: 'invalid_card_number', data: { msg: 'refused' } });
  });

  it('finds secrets at any depth, in list elements and nested arrays', () => {
    const list = [
      { _type: 'order_response', request: secretRequest('a') },
      { _type: 'error', code: 'request_processing', request: secretRequest('b') },
      {
        pages: [[{ deep: { deeper: { request: secretRequest('c') } } }]],
        payment_method: [{ number: `${CARD.slice(0, 4)} ${CARD.slice(4)}` }],
        vault: [[{ password: PASSWORD }, { totp_2fa_key: TOTP }, { security_code: CVC }]],
      },
    ];
    const redacted = redactSecrets(list);
    expectNoSecrets(redacted);
    expect(JSON.stringify(redacted).split(MASKED_CARD)).toHaveLength(5);
    expect(Array.isArray(redacted[2]?.pages)).toBe(true);
  });

  it('replaces a card number that has no four digits to keep', () => {
    expect(redactSecrets({ payment_method: { number: '12' } }).payment_method.number).toBe(
      REDACTED,
    );
    expect(redactSecrets({ payment_method: { number: { raw: CARD } } })).toEqual({
      payment_method: { number: REDACTED },
    });
  });

  it('keeps a field named number outside a payment method', () => {
    expect(redactSecrets({ po: { number: '12345678' } })).toEqual({ po: { number: '12345678' } });
    expect(redactSecrets({ payment_method: { use_gift: true } })).toEqual({
      payment_method: { use_gift: true },
    });
  });
});
