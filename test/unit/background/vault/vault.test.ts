import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { fakeBrowser } from '@webext-core/fake-browser';
import {
  createVault,
  enforceIdleLock,
  lockVault,
  removeVaultItem,
  saveVaultItem,
  secretsForOrder,
  unlockVault,
  vaultStatus,
} from '../../../../src/background/vault/vault-service.ts';
import { STORED_KEYS } from '../../../../src/shared/stored-keys.ts';
import type { VaultItem } from '../../../../src/shared/vault-items.ts';

const PASS = 'correct horse battery staple';
const CARD: VaultItem = {
  kind: 'payment',
  id: 'card',
  label: 'Visa ending 4242',
  payment: {
    name_on_card: 'Jane',
    number: '4242424242424242',
    security_code: '987',
    expiration_month: 1,
    expiration_year: 2030,
  },
};
const LOGIN: VaultItem = {
  kind: 'credentials',
  id: 'login',
  label: 'jane@example.com on amazon',
  retailer: 'amazon',
  credentials: { email: 'jane@example.com', password: 'hunter2-very-secret' },
};
const BILLING: VaultItem = {
  kind: 'billing',
  id: 'bill',
  label: 'Home',
  address: {
    first_name: 'J',
    last_name: 'D',
    address_line1: '1 Main',
    zip_code: '02139',
    city: 'Cambridge',
    state: 'MA',
    country: 'US',
    phone_number: '5',
  },
};

async function rejection(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as { userMessage?: string }).userMessage ?? String(error);
  }
  throw new Error('expected a rejection');
}

beforeEach(() => fakeBrowser.reset());

describe('the vault', () => {
  it('round-trips secrets and shows pages only labels', async () => {
    await createVault(PASS);
    await saveVaultItem(CARD);
    await saveVaultItem(LOGIN);
    const status = await saveVaultItem(BILLING);
    expect(status.items.map((item) => item.label)).toEqual([
      'Visa ending 4242',
      'jane@example.com on amazon',
      'Home',
    ]);
    expect(JSON.stringify(status)).not.toContain('4242424242424242');
    await lockVault();
    expect(await vaultStatus()).toEqual({ exists: true, unlocked: false, items: [] });
    await unlockVault(PASS);
    const secrets = await secretsForOrder({
      credentialsId: 'login',
      paymentId: 'card',
      billingId: 'bill',
    });
    expect(secrets.payment_method?.number).toBe('4242424242424242');
    expect(secrets.retailer_credentials?.password).toBe('hunter2-very-secret');
    expect((await removeVaultItem('card')).items.map((item) => item.id)).toEqual(['login', 'bill']);
  });

  it('keeps nothing secret in clear in local or sync storage, and the key only in session memory', async () => {
    await createVault(PASS);
    await saveVaultItem(CARD);
    await saveVaultItem(LOGIN);
    const local = JSON.stringify(await fakeBrowser.storage.local.get(null));
    const sync = JSON.stringify(await fakeBrowser.storage.sync.get(null));
    for (const secret of ['4242424242424242', '987', 'hunter2-very-secret', PASS]) {
      expect(local).not.toContain(secret);
      expect(sync).not.toContain(secret);
    }
    const stored = (await fakeBrowser.storage.local.get(STORED_KEYS.vault.key))[
      STORED_KEYS.vault.key
    ] as { iterations: number };
    expect(stored.iterations).toBeGreaterThanOrEqual(600_000);
    expect(local).not.toContain('"key"');
    expect(await fakeBrowser.storage.session.get(STORED_KEYS.vaultSession.key)).toHaveProperty(
      STORED_KEYS.vaultSession.key,
    );
  });

  it('says plainly when the passphrase is wrong', async () => {
    await createVault(PASS);
    await lockVault();
    expect(await rejection(unlockVault('wrong passphrase'))).toBe(
      'Wrong passphrase: check it and try again.',
    );
    expect((await vaultStatus()).unlocked).toBe(false);
  });

  it('says the data is damaged when the ciphertext, IV or salt were changed', async () => {
    await createVault(PASS);
    await saveVaultItem(CARD);
    await lockVault();
    const key = STORED_KEYS.vault.key;
    const original = (await fakeBrowser.storage.local.get(key))[key] as {
      items: { data: string; iv: string };
      salt: string;
    };
    const flip = (base64: string) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      bytes[0] = (bytes[0] ?? 0) ^ 1;
      return btoa(String.fromCharCode(...bytes));
    };
    await fakeBrowser.storage.local.set({
      [key]: { ...original, items: { ...original.items, data: flip(original.items.data) } },
    });
    expect(await rejection(unlockVault(PASS))).toMatch(/damaged or was changed/);
    await fakeBrowser.storage.local.set({
      [key]: { ...original, items: { ...original.items, iv: flip(original.items.iv) } },
    });
    expect(await rejection(unlockVault(PASS))).toMatch(/damaged or was changed/);
    // A changed salt derives another key: indistinguishable from a wrong passphrase, and refused.
    await fakeBrowser.storage.local.set({ [key]: { ...original, salt: flip(original.salt) } });
    expect(await rejection(unlockVault(PASS))).toMatch(/Wrong passphrase|damaged/);
    await fakeBrowser.storage.local.set({ [key]: original });
    expect((await unlockVault(PASS)).unlocked).toBe(true);
  });

  it('locks itself after the idle time, and each use pushes the deadline', async () => {
    const start = Date.UTC(2026, 0, 1);
    await createVault(PASS, start);
    const { locksAt } = await vaultStatus(start);
    expect(locksAt).toBe(start + 15 * 60_000);
    await saveVaultItem(CARD, start + 10 * 60_000);
    await enforceIdleLock(start + 20 * 60_000);
    expect((await vaultStatus(start + 20 * 60_000)).unlocked).toBe(true);
    await enforceIdleLock(start + 26 * 60_000);
    expect((await vaultStatus(start + 26 * 60_000)).unlocked).toBe(false);
  });

  it('refuses an order’s secrets while locked, with what to do', async () => {
    await createVault(PASS);
    await saveVaultItem(CARD);
    await lockVault();
    expect(
      await rejection(
        secretsForOrder({ credentialsId: 'login', paymentId: 'card', billingId: 'bill' }),
      ),
    ).toBe('The vault is locked: unlock it in Options to place own-account orders.');
  });
}, 60_000);
