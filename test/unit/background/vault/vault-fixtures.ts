/** Secrets the vault tests store and then look for where they must not be. */
import type { VaultItem } from '../../../../src/shared/vault-items.ts';

export const PASSPHRASE = 'correct horse battery staple';
export const CARD_NUMBER = '4111111111114444';
export const SECURITY_CODE = '987';
export const PASSWORD = 'hunter2-very-secret';
export const TOTP_KEY = 'JBSWY3DPEHPK3PXP';

export const CARD: VaultItem = {
  kind: 'payment',
  id: 'card',
  label: 'Visa ending 4444',
  payment: {
    name_on_card: 'Jane Doe',
    number: CARD_NUMBER,
    security_code: SECURITY_CODE,
    expiration_month: 1,
    expiration_year: 2030,
  },
};

export const GIFT: VaultItem = {
  kind: 'payment',
  id: 'gift',
  label: 'Gift balance',
  payment: { use_gift: true },
};

export const LOGIN: VaultItem = {
  kind: 'credentials',
  id: 'login',
  label: 'jane@example.com on amazon',
  retailer: 'amazon',
  credentials: { email: 'jane@example.com', password: PASSWORD, totp_2fa_key: TOTP_KEY },
};

export const BILLING: VaultItem = {
  kind: 'billing',
  id: 'bill',
  label: 'Billing: Cambridge',
  address: {
    first_name: 'Jane',
    last_name: 'Doe',
    address_line1: '1 Main St',
    zip_code: '02139',
    city: 'Cambridge',
    state: 'MA',
    country: 'US',
    phone_number: '6175550100',
  },
};

export const REFS = { credentialsId: 'login', paymentId: 'card', billingId: 'bill' };

/** The sentence a vault function rejected with. */
export async function rejection(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const message = (error as { userMessage?: unknown }).userMessage;
    if (typeof message !== 'string') throw error;
    return message;
  }
  throw new Error('expected a rejection');
}
