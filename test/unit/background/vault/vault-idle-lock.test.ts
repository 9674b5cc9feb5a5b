import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { fakeBrowser } from '@webext-core/fake-browser';
import {
  createVault,
  lockVault,
  onVaultAlarm,
  saveVaultItem,
  secretsForOrder,
  unlockVault,
  VAULT_IDLE_ALARM,
  vaultStatus,
} from '../../../../src/background/vault/vault-service.ts';

import { subscribeChanges } from '../../../../src/shared/change-feed.ts';
import { STORED_KEYS } from '../../../../src/shared/stored-keys.ts';
import { BILLING, CARD, LOGIN, PASSPHRASE, REFS, rejection } from './vault-fixtures.ts';

const START = Date.UTC(2026, 0, 1, 9);
const minutes = (count: number) => START + count * 60_000;

beforeEach(() => {
  fakeBrowser.reset();
  // Only the clock is faked: WebCrypto and storage still settle their promises.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(START);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the idle lock', () => {
  it('answers a status asked during an unlock with the vault as the unlock leaves it', async () => {
    await createVault(PASSPHRASE);
    await lockVault();
    // A page (or the popup's first screen) asks while the passphrase is being checked: the
    // read waits its turn rather than answer "locked", or lock what is being unlocked.
    const unlocking = unlockVault(PASSPHRASE);
    const status = await vaultStatus();
    expect(status.unlocked).toBe(true);
    expect((await unlocking).unlocked).toBe(true);
    await saveVaultItem(CARD);
    expect((await vaultStatus()).items.map((item) => item.id)).toEqual(['card']);
  });

  it('locks after the idle minutes of the settings, run by the minute alarm', async () => {
    const unlocked = await createVault(PASSPHRASE);
    expect(unlocked.locksAt).toBe(minutes(15));
    expect(await fakeBrowser.alarms.get(VAULT_IDLE_ALARM)).toMatchObject({ periodInMinutes: 1 });

    vi.setSystemTime(minutes(14));
    await onVaultAlarm({ name: VAULT_IDLE_ALARM });
    expect((await vaultStatus()).unlocked).toBe(true);

    vi.setSystemTime(minutes(15));
    await onVaultAlarm({ name: VAULT_IDLE_ALARM });
    // The key is gone from session memory; only the notice to open pages is there.
    expect(Object.keys(await fakeBrowser.storage.session.get(null))).toEqual([
      STORED_KEYS.changeFeed.key,
    ]);
    expect(await vaultStatus()).toEqual({ exists: true, unlocked: false, items: [] });
    // Nothing left to watch once locked.
    expect(await fakeBrowser.alarms.get(VAULT_IDLE_ALARM)).toBeUndefined();
  });

  it('is pushed back by each use: saving an item and handing out an order’s secrets', async () => {
    await createVault(PASSPHRASE);
    vi.setSystemTime(minutes(10));
    await saveVaultItem(CARD);
    await saveVaultItem(LOGIN);
    expect((await saveVaultItem(BILLING)).locksAt).toBe(minutes(25));
    vi.setSystemTime(minutes(24));
    await secretsForOrder(REFS);
    vi.setSystemTime(minutes(38));
    await onVaultAlarm({ name: VAULT_IDLE_ALARM });
    expect((await vaultStatus()).locksAt).toBe(minutes(39));
    vi.setSystemTime(minutes(39));
    await onVaultAlarm({ name: VAULT_IDLE_ALARM });
    expect((await vaultStatus()).unlocked).toBe(false);
  });

  it('is enforced before each use even when no alarm ran', async () => {
    await createVault(PASSPHRASE);
    await saveVaultItem(CARD);
    vi.setSystemTime(minutes(16));
    expect(await rejection(secretsForOrder(REFS))).toMatch(/The vault is locked/);
    expect(await rejection(saveVaultItem(LOGIN))).toMatch(/The vault is locked/);
  });

  it('follows the idle minutes the user chose', async () => {
    await fakeBrowser.storage.sync.set({
      [STORED_KEYS.settings.key]: { vaultIdleLockMinutes: 2 },
    });
    await createVault(PASSPHRASE);
    await lockVault();
    expect((await unlockVault(PASSPHRASE)).locksAt).toBe(minutes(2));
    vi.setSystemTime(minutes(2));
    await onVaultAlarm({ name: VAULT_IDLE_ALARM });
    expect((await vaultStatus()).unlocked).toBe(false);
  });

  it('tells open pages when it locks the vault, and only then', async () => {
    await createVault(PASSPHRASE);
    const notices: { scopes: string[] }[] = [];
    const stop = subscribeChanges(['vault'], (notice) => notices.push(notice));
    try {
      vi.setSystemTime(minutes(14));
      await onVaultAlarm({ name: VAULT_IDLE_ALARM });
      // Still unlocked: nothing changed that a page shows.
      expect(notices).toEqual([]);
      vi.setSystemTime(minutes(15));
      await onVaultAlarm({ name: VAULT_IDLE_ALARM });
      expect(notices).toEqual([expect.objectContaining({ scopes: ['vault'] })]);
      // Already locked: a later alarm or use tells nothing more.
      vi.setSystemTime(minutes(16));
      await onVaultAlarm({ name: VAULT_IDLE_ALARM });
      expect((await vaultStatus()).unlocked).toBe(false);
      expect(notices).toHaveLength(1);
    } finally {
      stop();
    }
  });

  it('tells open pages of every change of the vault, and not of a use that only keeps it open', async () => {
    const notices: string[][] = [];
    const stop = subscribeChanges(['vault'], (notice) => notices.push(notice.scopes));
    try {
      await createVault(PASSPHRASE);
      const created = notices.length;
      expect(created).toBeGreaterThan(0);
      await saveVaultItem(CARD);
      await saveVaultItem(LOGIN);
      await saveVaultItem(BILLING);
      expect(notices).toHaveLength(created + 3);
      // Placing an order pushes the deadline back: pages show nothing new.
      await secretsForOrder(REFS);
      expect(notices).toHaveLength(created + 3);
      await lockVault();
      expect(notices).toHaveLength(created + 4);
      await unlockVault(PASSPHRASE);
      expect(notices).toHaveLength(created + 5);
      expect(notices.every((scopes) => scopes.join() === 'vault')).toBe(true);
    } finally {
      stop();
    }
  });

  it('ignores other alarms', async () => {
    await createVault(PASSPHRASE);
    vi.setSystemTime(minutes(60));
    await onVaultAlarm({ name: 'poll' });
    expect(await fakeBrowser.storage.session.get(null)).not.toEqual({});
  });
});
