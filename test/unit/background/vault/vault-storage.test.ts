import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { fakeBrowser } from '@webext-core/fake-browser';
import { PBKDF2_ITERATIONS } from '../../../../src/background/vault/vault-crypto.ts';
import {
  createVault,
  lockVault,
  saveVaultItem,
  secretsForOrder,
} from '../../../../src/background/vault/vault-service.ts';
import { STORED_KEYS } from '../../../../src/shared/stored-keys.ts';
import {
  BILLING,
  CARD,
  CARD_NUMBER,
  LOGIN,
  PASSPHRASE,
  PASSWORD,
  REFS,
  SECURITY_CODE,
  TOTP_KEY,
} from './vault-fixtures.ts';

/** Every string anywhere in a stored value, keys included. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, inner]) => [key, ...strings(inner)]);
  return [];
}

async function everyStoredString(area: 'local' | 'sync' | 'session'): Promise<string[]> {
  return strings(await fakeBrowser.storage[area].get(null));
}

beforeEach(() => fakeBrowser.reset());

describe('where the vault keeps things', () => {
  it('keeps no secret in clear in local or sync storage, in any stored value', async () => {
    await createVault(PASSPHRASE);
    for (const item of [CARD, LOGIN, BILLING]) await saveVaultItem(item);
    await secretsForOrder(REFS);
    const stored = [...(await everyStoredString('local')), ...(await everyStoredString('sync'))];
    expect(stored.length).toBeGreaterThan(0);
    for (const value of stored) {
      for (const secret of [CARD_NUMBER, PASSWORD, TOTP_KEY, PASSPHRASE])
        expect(value).not.toContain(secret);
      // The card number might also be found in base64 of clear text, were it not encrypted.
      expect(value).not.toContain(btoa(CARD_NUMBER).slice(0, 16));
    }
    expect(await fakeBrowser.storage.sync.get(null)).toEqual({});
    const vault = (await fakeBrowser.storage.local.get(STORED_KEYS.vault.key))[
      STORED_KEYS.vault.key
    ] as Record<string, unknown>;
    expect(Object.keys(vault).sort()).toEqual([
      'check',
      'digest',
      'items',
      'iterations',
      'salt',
      'version',
    ]);
    expect(vault.iterations).toBe(PBKDF2_ITERATIONS);
    expect(JSON.stringify(vault)).not.toContain(`"${SECURITY_CODE}"`);
  });

  it('keeps the unlocked key in session memory only, and drops it when locked', async () => {
    await createVault(PASSPHRASE);
    await saveVaultItem(CARD);
    const session = await fakeBrowser.storage.session.get(null);
    // Beside the key, only the notice that told open pages of the change (contract D).
    expect(Object.keys(session).sort()).toEqual(
      [STORED_KEYS.changeFeed.key, STORED_KEYS.vaultSession.key].sort(),
    );
    const { key } = session[STORED_KEYS.vaultSession.key] as { key: string };
    // A raw AES-256 key: 32 bytes.
    expect(atob(key)).toHaveLength(32);
    expect(JSON.stringify(session[STORED_KEYS.changeFeed.key])).not.toContain(key);
    for (const area of ['local', 'sync'] as const)
      expect(await everyStoredString(area)).not.toContain(key);
    await lockVault();
    const locked = await fakeBrowser.storage.session.get(null);
    expect(Object.keys(locked)).toEqual([STORED_KEYS.changeFeed.key]);
    expect(locked[STORED_KEYS.changeFeed.key]).toMatchObject({ scopes: ['vault'] });
  });

  it('uses a fresh salt and fresh IVs for every vault and every write', async () => {
    const read = async () =>
      (await fakeBrowser.storage.local.get(STORED_KEYS.vault.key))[STORED_KEYS.vault.key] as {
        salt: string;
        check: { iv: string };
        items: { iv: string; data: string };
      };
    await createVault(PASSPHRASE);
    const first = await read();
    await saveVaultItem(CARD);
    const second = await read();
    await saveVaultItem(CARD);
    const third = await read();
    expect(new Set([first.items.iv, second.items.iv, third.items.iv, first.check.iv]).size).toBe(4);
    expect(second.items.data).not.toBe(third.items.data);
    fakeBrowser.reset();
    await createVault(PASSPHRASE);
    expect((await read()).salt).not.toBe(first.salt);
  });
});
