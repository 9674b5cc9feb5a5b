import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { checkConnection } from '../../../src/background/rounds/service-gate.ts';
import { STORED_KEYS } from '../../../src/shared/stored-keys.ts';
import { fakeBrowser, resetExtension } from './extension-env.ts';

// Firefox lets the user withdraw a host permission in about:addons; a request to an
// origin no longer allowed fails like a network error. Test connection says which.

const contains = vi.fn<(permissions: { origins?: string[] }) => Promise<boolean>>();

async function serviceAt(serviceUrl: string): Promise<void> {
  await fakeBrowser.storage.sync.set({
    [STORED_KEYS.settings.key]: { serviceUrl, requestTimeoutSeconds: 3 },
  });
  await fakeBrowser.storage.local.set({ [STORED_KEYS.serviceToken.key]: 'tok' });
}

beforeEach(async () => {
  await resetExtension();
  contains.mockReset();
  (fakeBrowser.permissions as { contains: unknown }).contains = contains;
  // No answer from anywhere: what a fetch to a withdrawn origin (or a dead one) gives.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('NetworkError when attempting to fetch resource.');
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Test connection when nothing answers', () => {
  it('says Buyline is not allowed to reach the origin when its permission was withdrawn', async () => {
    await serviceAt('https://api.example.com/v2');
    contains.mockResolvedValue(false);
    const check = await checkConnection(1_000);
    expect(check).toEqual({
      result: 'not_reachable',
      message:
        'Buyline is not allowed to reach https://api.example.com: save the service address again and choose Allow (in Firefox: about:addons → Buyline → Permissions).',
      at: 1_000,
    });
    expect(contains).toHaveBeenCalledWith({ origins: ['https://api.example.com/*'] });
  });

  it('says the service is not reachable when the permission is there', async () => {
    await serviceAt('https://api.example.com');
    contains.mockResolvedValue(true);
    expect((await checkConnection()).message).toBe(
      'https://api.example.com is not reachable: check the address and that the service is running.',
    );
  });

  it('does not ask for a loopback address, which the manifest always allows', async () => {
    await serviceAt('http://127.0.0.1:9999');
    contains.mockResolvedValue(false);
    const check = await checkConnection();
    expect(check).toMatchObject({
      result: 'not_reachable',
      message:
        'http://127.0.0.1:9999 is not reachable: check the address and that the service is running.',
    });
    expect(contains).not.toHaveBeenCalled();
  });

  it('gives the ordinary sentence when the browser cannot say', async () => {
    await serviceAt('https://api.example.com');
    contains.mockRejectedValue(new Error('permissions are not available here'));
    expect((await checkConnection()).message).toContain('is not reachable: check the address');
  });

  it('does not ask when the service answered', async () => {
    await serviceAt('https://api.example.com');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('[]', { status: 200 })),
    );
    expect((await checkConnection()).result).toBe('connected');
    expect(contains).not.toHaveBeenCalled();
  });
});
