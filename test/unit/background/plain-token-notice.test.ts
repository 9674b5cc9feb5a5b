import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import {
  forgetTokenMemory,
  readToken,
  removeToken,
  sealPlainToken,
  writeToken,
} from '../../../src/background/keys/token-store.ts';
import { SANDBOX_TOKEN } from '../../../src/shared/settings.ts';
import { STORED_KEYS } from '../../../src/shared/stored-keys.ts';
import { fakeBrowser, resetExtension } from './extension-env.ts';

// Sealing a token an earlier version kept in clear removes it from storage, not from the
// browser's files: the background remembers that it did, so Options can say so once.

const TOKEN = 'tok_live_4f1a7c2e90bd';
const PLAIN = STORED_KEYS.serviceToken.key;
const NOTICE = STORED_KEYS.plainTokenNotice;

const notice = async () => (await fakeBrowser.storage[NOTICE.area].get(NOTICE.key))[NOTICE.key];

beforeEach(async () => {
  await resetExtension();
  forgetTokenMemory();
});

describe('the notice about a token once stored in clear', () => {
  it('is remembered when a plain token is sealed, and says nothing of the token', async () => {
    await fakeBrowser.storage.local.set({ [PLAIN]: TOKEN });
    await sealPlainToken();
    expect(await notice()).toEqual({ sealedAt: expect.any(Number) });
    expect(JSON.stringify(await notice())).not.toContain(TOKEN);
    expect(NOTICE).toMatchObject({ area: 'local', secret: false });
  });

  it('is remembered when a read is the first to find the plain token', async () => {
    await fakeBrowser.storage.local.set({ [PLAIN]: TOKEN });
    expect(await readToken()).toBe(TOKEN);
    expect(await notice()).toBeDefined();
  });

  it('is not set for a token Buyline sealed itself, nor for the sandbox’s demo token', async () => {
    await writeToken(TOKEN);
    await sealPlainToken();
    expect(await notice()).toBeUndefined();
    await resetExtension();
    forgetTokenMemory();
    await fakeBrowser.storage.local.set({ [PLAIN]: SANDBOX_TOKEN });
    await sealPlainToken();
    expect(await notice()).toBeUndefined();
  });

  it('stays when the same token is saved again or removed, and goes when another is saved', async () => {
    await fakeBrowser.storage.local.set({ [PLAIN]: TOKEN });
    await sealPlainToken();
    await writeToken(TOKEN);
    expect(await notice()).toBeDefined();
    // Removing the token here does not revoke it at the service.
    await removeToken();
    expect(await notice()).toBeDefined();
    await writeToken('tok_live_new_0b8e1d');
    expect(await notice()).toBeUndefined();
  });
});
