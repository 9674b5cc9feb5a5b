import { expect } from 'vitest';

export const CARD = '5555555555554444';
export const CVC = '7319';
export const PASSWORD = 'hunter2-very-secret';
export const TOTP = 'JBSWY3DPEHPK3PXP';
export const MASKED_CARD = '•••• 4444';

/** A self-managed order request carrying every kind of secret, plus an unknown field. */
export function secretRequest(ref = 'local-1'): Record<string, unknown> {
  return {
    retailer: 'amazon',
    products: [{ product_id: 'B0TEST0001', quantity: 1 }],
    is_gift: false,
    shipping_method: 'cheapest',
    payment_method: {
      name_on_card: 'Jane Doe',
      number: CARD,
      security_code: CVC,
      expiration_month: 1,
      expiration_year: 2030,
    },
    retailer_credentials: {
      email: 'jane@example.com',
      password: PASSWORD,
      totp_2fa_key: TOTP,
    },
    client_notes: { buyline_ref: ref },
    x_future_field: { kept: true },
  };
}

/** Fails when any secret of `secretRequest` appears anywhere in the value. */
export function expectNoSecrets(value: unknown): void {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  for (const secret of [CARD, CVC, PASSWORD, TOTP]) expect(text).not.toContain(secret);
}
