import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { fakeBrowser } from '@webext-core/fake-browser';
import { tokenStatus } from '../../../src/background/keys/token-store.ts';
import {
  changesFirstScreen,
  keepFirstScreen,
  writeFirstScreen,
} from '../../../src/background/pages/first-screen.ts';
import { listOrders } from '../../../src/background/pages/order-requests.ts';
import { readSettings, updateSettings } from '../../../src/background/settings-store.ts';
import {
  createVault,
  lockVault,
  saveVaultItem,
  vaultStatus,
} from '../../../src/background/vault/vault-service.ts';
import { publishChange } from '../../../src/shared/change-feed.ts';
import {
  CANCELLABLE_QUERY,
  type FirstScreen,
  IN_FLIGHT_QUERY,
  vaultAsOf,
} from '../../../src/shared/first-screen.ts';
import { STORED_KEYS } from '../../../src/shared/stored-keys.ts';
import {
  CARD,
  CARD_NUMBER,
  LOGIN,
  PASSPHRASE,
  PASSWORD,
  SECURITY_CODE,
} from './vault/vault-fixtures.ts';

const MANIFEST = { manifest_version: 3 as const, name: 'Buyline', version: '0.1.0' };
const { area, key } = STORED_KEYS.firstScreen;

async function stored(): Promise<FirstScreen | undefined> {
  return (await fakeBrowser.storage[area].get(key))[key] as FirstScreen | undefined;
}

beforeEach(() => {
  fakeBrowser.reset();
  vi.restoreAllMocks();
  vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue(MANIFEST);
});

describe('the popup’s first screen, written ahead by the background', () => {
  it('holds what settings.get, vault.status, token.status and the order queries answer', async () => {
    await updateSettings({ holdSeconds: 9 });
    await publishChange(['settings']);
    const notice = (await fakeBrowser.storage.session.get('changeFeed')).changeFeed as {
      id: string;
    };
    await writeFirstScreen();
    expect(await stored()).toEqual({
      version: MANIFEST.version,
      feed: notice.id,
      settings: await readSettings(),
      vault: await vaultStatus(),
      token: await tokenStatus(),
      inFlight: await listOrders(IN_FLIGHT_QUERY),
      cancellable: await listOrders(CANCELLABLE_QUERY),
    });
    expect(area).toBe('session');
  });

  it('is written at a start only once the round it woke for is done, which it would slow', async () => {
    let roundDone: (() => void) | undefined;
    const read = vi.spyOn(fakeBrowser.storage[area], 'get');
    keepFirstScreen(
      new Promise<void>((resolve) => {
        roundDone = resolve;
      }),
    );
    // Not even the check of what is written starts before the round is done.
    expect(read).not.toHaveBeenCalled();
    roundDone?.();
    await vi.waitFor(() => expect(read).toHaveBeenCalled());
    await vi.waitFor(async () => expect((await stored())?.version).toBe(MANIFEST.version));
  });

  it('is written afresh after a change of the settings, vault or token announced, with that notice', async () => {
    keepFirstScreen();
    await vi.waitFor(async () => expect(await stored()).toBeDefined());
    await publishChange(['token']);
    const { changeFeed } = await fakeBrowser.storage.session.get('changeFeed');
    await vi.waitFor(async () =>
      expect((await stored())?.feed).toBe((changeFeed as { id: string }).id),
    );
  });

  it('is written afresh when the settings change, whoever changes them', async () => {
    keepFirstScreen();
    await vi.waitFor(async () => expect((await stored())?.settings.holdSeconds).toBe(5));
    await updateSettings({ holdSeconds: 9 });
    await vi.waitFor(async () => expect((await stored())?.settings.holdSeconds).toBe(9));
    // Another device's change arrives through sync storage, not through this worker.
    await fakeBrowser.storage.sync.set({
      [STORED_KEYS.settings.key]: { ...(await readSettings()), holdSeconds: 2 },
    });
    await vi.waitFor(async () => expect((await stored())?.settings.holdSeconds).toBe(2));
  });

  it('follows the vault as it is made, filled and locked, and never holds a secret', async () => {
    keepFirstScreen();
    await createVault(PASSPHRASE);
    await saveVaultItem(CARD);
    await saveVaultItem(LOGIN);
    await vi.waitFor(async () =>
      expect((await stored())?.vault?.items.map((item) => item.id).sort()).toEqual([
        'card',
        'login',
      ]),
    );
    expect((await stored())?.vault?.unlocked).toBe(true);
    const text = JSON.stringify(await fakeBrowser.storage[area].get(key));
    for (const secret of [CARD_NUMBER, SECURITY_CODE, PASSWORD, PASSPHRASE])
      expect(text).not.toContain(secret);
    await lockVault();
    await vi.waitFor(async () =>
      expect((await stored())?.vault).toEqual({ exists: true, unlocked: false, items: [] }),
    );
  });

  it('is removed when it cannot be written, so the popup asks instead of showing old settings', async () => {
    keepFirstScreen();
    await vi.waitFor(async () => expect(await stored()).toBeDefined());
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(fakeBrowser.runtime, 'getManifest').mockImplementation(() => {
      throw new Error('no manifest');
    });
    await updateSettings({ holdSeconds: 9 });
    await vi.waitFor(async () => expect(await stored()).toBeUndefined());
  });
});

describe('which changes the first screen follows', () => {
  const change = (newValue: unknown, oldValue?: unknown) => ({ newValue, oldValue });

  it('follows the changes announced, the settings, the vault, and its locking and unlocking', () => {
    for (const scope of ['settings', 'vault', 'token'])
      expect(changesFirstScreen({ changeFeed: change({ scopes: [scope] }) }, 'session')).toBe(true);
    expect(changesFirstScreen({ tokenCheck: change({ result: 'ok' }) }, 'local')).toBe(true);
    expect(changesFirstScreen({ sealedServiceToken: change({}) }, 'local')).toBe(true);
    expect(changesFirstScreen({ settings: change({}) }, 'sync')).toBe(true);
    expect(changesFirstScreen({ vault: change({}) }, 'local')).toBe(true);
    expect(changesFirstScreen({ vaultSession: change({ locksAt: 1 }) }, 'session')).toBe(true);
    expect(changesFirstScreen({ vaultSession: change(undefined, { locksAt: 1 }) }, 'session')).toBe(
      true,
    );
    // Some browsers give a removed value as null rather than leaving it out.
    expect(changesFirstScreen({ vaultSession: change(null, { locksAt: 1 }) }, 'session')).toBe(
      true,
    );
  });

  it('ignores a use that only pushes the idle deadline back, and other keys and areas', () => {
    expect(
      changesFirstScreen({ vaultSession: change({ locksAt: 2 }, { locksAt: 1 }) }, 'session'),
    ).toBe(false);
    expect(changesFirstScreen({ settings: change({}) }, 'local')).toBe(false);
    expect(changesFirstScreen({ cart: change({}), popupDraft: change({}) }, 'session')).toBe(false);
    // Orders change by the hundred in a busy moment: the popup asks for them instead.
    expect(changesFirstScreen({ changeFeed: change({ scopes: ['orders'] }) }, 'session')).toBe(
      false,
    );
    expect(changesFirstScreen({ changeFeed: change({ scopes: ['bulk'] }) }, 'session')).toBe(false);
    // Its own writes do not start another.
    expect(changesFirstScreen({ firstScreen: change({}) }, 'session')).toBe(false);
  });
});

describe('the vault as the popup may take it from the first screen', () => {
  const open = { exists: true, unlocked: true, items: [], locksAt: 1_000 };

  it('is taken while locked, missing, or unlocked before its deadline', () => {
    expect(vaultAsOf({ exists: false, unlocked: false, items: [] }, 5_000)).toEqual({
      exists: false,
      unlocked: false,
      items: [],
    });
    expect(vaultAsOf(open, 999)).toBe(open);
  });

  it('is not taken unlocked past its deadline: the background says whether it is still open', () => {
    expect(vaultAsOf(open, 1_000)).toBeUndefined();
    expect(vaultAsOf({ exists: true, unlocked: true, items: [] }, 0)).toBeUndefined();
    expect(vaultAsOf(undefined, 0)).toBeUndefined();
  });
});
