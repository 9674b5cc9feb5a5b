import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { keepStorageToTrustedContexts } from '../../../src/background/storage-access.ts';
import { fakeBrowser, resetExtension } from './extension-env.ts';

// Chrome lets scripts injected into pages read storage.local and storage.sync unless the
// extension keeps them to trusted contexts; Firefox has no such switch.

type Area = { setAccessLevel?: unknown };
const areas = () => ({
  local: fakeBrowser.storage.local as Area,
  sync: fakeBrowser.storage.sync as Area,
});

beforeEach(async () => {
  await resetExtension();
  delete areas().local.setAccessLevel;
  delete areas().sync.setAccessLevel;
});

describe('storage access', () => {
  it('keeps local and sync storage to trusted contexts where the browser can', async () => {
    const local = vi.fn(async () => undefined);
    const sync = vi.fn(async () => undefined);
    areas().local.setAccessLevel = local;
    areas().sync.setAccessLevel = sync;
    expect(await keepStorageToTrustedContexts()).toEqual({ local: true, sync: true });
    expect(local).toHaveBeenCalledWith({ accessLevel: 'TRUSTED_CONTEXTS' });
    expect(sync).toHaveBeenCalledWith({ accessLevel: 'TRUSTED_CONTEXTS' });
  });

  it('does nothing where the browser has no such switch (Firefox)', async () => {
    expect(await keepStorageToTrustedContexts()).toEqual({ local: false, sync: false });
  });

  it('says so, and goes on, when the browser refuses', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    areas().sync.setAccessLevel = vi.fn(async () => {
      throw new Error('not supported');
    });
    areas().local.setAccessLevel = vi.fn(async () => undefined);
    expect(await keepStorageToTrustedContexts()).toEqual({ local: true, sync: false });
    expect(error).toHaveBeenCalledWith(
      'Buyline: could not keep sync storage to the extension’s own pages',
      expect.any(Error),
    );
    error.mockRestore();
  });
});
