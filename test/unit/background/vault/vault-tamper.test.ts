import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { fakeBrowser } from '@webext-core/fake-browser';
import {
  CHECK_VALUE,
  deriveKey,
  PBKDF2_ITERATIONS,
  randomBytes,
  seal,
  toBase64,
  withDigest,
} from '../../../../src/background/vault/vault-crypto.ts';
import {
  createVault,
  lockVault,
  saveVaultItem,
  secretsForOrder,
  unlockVault,
  vaultStatus,
} from '../../../../src/background/vault/vault-service.ts';
import { STORED_KEYS } from '../../../../src/shared/stored-keys.ts';
import { BILLING, CARD, LOGIN, PASSPHRASE, REFS, rejection } from './vault-fixtures.ts';

const KEY = STORED_KEYS.vault.key;
const WRONG = 'Wrong passphrase: check it and try again.';
const DAMAGED =
  'The vault’s data is damaged or was changed: restore it from a backup or create a new vault.';

interface Stored {
  version: number;
  salt: string;
  iterations: number;
  check: { iv: string; data: string };
  items: { iv: string; data: string };
  digest?: string;
}

async function stored(): Promise<Stored> {
  return (await fakeBrowser.storage.local.get(KEY))[KEY] as Stored;
}

async function store(value: unknown): Promise<void> {
  await fakeBrowser.storage.local.set({ [KEY]: value });
}

/** The same base64 value with one bit of its first byte flipped. */
function flip(base64: string): string {
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  bytes[0] = (bytes[0] ?? 0) ^ 1;
  return btoa(String.fromCharCode(...bytes));
}

let original: Stored;

beforeEach(async () => {
  fakeBrowser.reset();
  await createVault(PASSPHRASE);
  await saveVaultItem(CARD);
  await saveVaultItem(LOGIN);
  await saveVaultItem(BILLING);
  await lockVault();
  original = await stored();
});

describe('a vault that will not open', () => {
  it('says “Wrong passphrase” for a wrong passphrase, and stays locked', async () => {
    expect(await rejection(unlockVault('correct horse battery stapler'))).toBe(WRONG);
    expect((await vaultStatus()).unlocked).toBe(false);
    expect(await stored()).toEqual(original);
  });

  it.each([
    [
      'a flipped byte of the items’ ciphertext',
      (v: Stored) => ({ items: { ...v.items, data: flip(v.items.data) } }),
    ],
    ['a changed IV of the items', (v: Stored) => ({ items: { ...v.items, iv: flip(v.items.iv) } })],
    ['a changed salt', (v: Stored) => ({ salt: flip(v.salt) })],
    ['a lowered iteration count', (v: Stored) => ({ iterations: v.iterations - 1 })],
    [
      'a flipped byte of the check value',
      (v: Stored) => ({ check: { ...v.check, data: flip(v.check.data) } }),
    ],
    ['items from another vault', (v: Stored) => ({ items: v.check })],
  ])('says the data is damaged for %s, even with the right passphrase', async (_, change) => {
    await store({ ...original, ...change(original) });
    expect(await rejection(unlockVault(PASSPHRASE))).toBe(DAMAGED);
    expect(await rejection(unlockVault('a wrong passphrase'))).toBe(DAMAGED);
    expect((await vaultStatus().catch(() => ({ unlocked: false }))).unlocked).toBe(false);
  });

  it.each([
    ['is not an object', () => 'garbage'],
    ['misses its items', (v: Stored) => ({ version: v.version, salt: v.salt, check: v.check })],
    ['has a salt of the wrong length', (v: Stored) => ({ ...v, salt: toBase64(randomBytes(8)) })],
    ['has an IV that is not base64', (v: Stored) => ({ ...v, check: { ...v.check, iv: '***' } })],
    ['has an unknown version', (v: Stored) => ({ ...v, version: 9 })],
  ])('says the data is damaged when the stored vault %s', async (_, replace) => {
    await store(replace(original));
    expect(await rejection(unlockVault(PASSPHRASE))).toBe(DAMAGED);
  });

  it('says the data is damaged when the items change while unlocked', async () => {
    await unlockVault(PASSPHRASE);
    await store({ ...original, items: { ...original.items, data: flip(original.items.data) } });
    expect(await rejection(secretsForOrder(REFS))).toBe(DAMAGED);
    expect(await rejection(saveVaultItem(CARD))).toBe(DAMAGED);
  });

  it('opens again once the original is restored', async () => {
    await store({ ...original, salt: flip(original.salt) });
    expect(await rejection(unlockVault(PASSPHRASE))).toBe(DAMAGED);
    await store(original);
    expect((await unlockVault(PASSPHRASE)).items).toHaveLength(3);
  });
});

describe('a vault sealed at a lower iteration count', () => {
  it('opens, and is sealed again at today’s count under a new salt', async () => {
    const salt = randomBytes(16);
    const key = await deriveKey(PASSPHRASE, salt, 1_000);
    await store(
      await withDigest({
        version: 1,
        salt: toBase64(salt),
        iterations: 1_000,
        check: await seal(key, CHECK_VALUE),
        items: await seal(key, [CARD]),
      }),
    );
    expect((await unlockVault(PASSPHRASE)).items.map((item) => item.id)).toEqual(['card']);
    const upgraded = await stored();
    expect(upgraded.iterations).toBe(PBKDF2_ITERATIONS);
    expect(upgraded.salt).not.toBe(toBase64(salt));
    await lockVault();
    expect((await unlockVault(PASSPHRASE)).items).toHaveLength(1);
    expect(await rejection(unlockVault('not the passphrase'))).toBe(WRONG);
  });

  it('still opens a vault written before the digest existed', async () => {
    const { digest: _digest, ...withoutDigest } = original;
    await store(withoutDigest);
    expect((await unlockVault(PASSPHRASE)).unlocked).toBe(true);
    await saveVaultItem(CARD);
    expect((await stored()).digest).toEqual(expect.any(String));
  });
});
