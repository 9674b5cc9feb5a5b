import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { changesFirstScreen } from '../../../src/background/pages/first-screen.ts';
import { route } from '../../../src/background/pages/router.ts';
import { moveWebhooksToDevice, readSettings } from '../../../src/background/settings-store.ts';
import { exportedSettings } from '../../../src/options/data-section.tsx';
import { STORED_KEYS } from '../../../src/shared/stored-keys.ts';
import { fakeBrowser, OWN_PAGE, resetExtension } from '../background/extension-env.ts';

// A webhook URL often carries a secret in its path or query: webhook addresses stay on
// this device (storage.local), never in sync storage, and out of exports unless asked.

const HOOK = 'https://hooks.example.com/buyline?key=wh_secret_71c4e0';
const OTHER = 'https://hooks.example.com/other?key=wh_secret_older_device';
const SETTINGS = STORED_KEYS.settings.key;
const HOOKS = STORED_KEYS.webhooks.key;

async function ask(type: string, payload: unknown = {}): Promise<any> {
  const reply = await route({ buyline: 1, type, payload }, OWN_PAGE);
  if (!reply?.ok) throw new Error(reply?.error.message ?? 'no reply');
  return reply.data;
}

const syncText = async () => JSON.stringify(await fakeBrowser.storage.sync.get(null));

beforeEach(resetExtension);

describe('webhook addresses', () => {
  it('are declared as kept in local storage', () => {
    expect(STORED_KEYS.webhooks.area).toBe('local');
  });

  it('are saved on this device, not synced, and read back with the settings', async () => {
    await ask('settings.update', {
      patch: { webhooks: { request_succeeded: HOOK }, holdSeconds: 3 },
    });
    expect(await syncText()).not.toContain('wh_secret');
    expect((await fakeBrowser.storage.sync.get(SETTINGS))[SETTINGS]).toMatchObject({
      holdSeconds: 3,
    });
    expect((await fakeBrowser.storage.local.get(HOOKS))[HOOKS]).toEqual({
      request_succeeded: HOOK,
    });
    expect(await ask('settings.get')).toMatchObject({
      holdSeconds: 3,
      webhooks: { request_succeeded: HOOK },
    });

    // An emptied webhook is removed, as before.
    await ask('settings.update', { patch: { webhooks: {} } });
    expect((await ask('settings.get')).webhooks).toEqual({});
  });

  it('are moved out of sync settings an earlier version wrote, on the first start', async () => {
    await fakeBrowser.storage.sync.set({
      [SETTINGS]: { version: 2, holdSeconds: 7, webhooks: { request_failed: HOOK } },
    });
    // Before the move the synced ones still stand.
    expect((await ask('settings.get')).webhooks).toEqual({ request_failed: HOOK });

    await moveWebhooksToDevice();
    expect(await syncText()).not.toContain('wh_secret');
    expect((await fakeBrowser.storage.sync.get(SETTINGS))[SETTINGS]).toEqual({
      version: 2,
      holdSeconds: 7,
    });
    expect(await ask('settings.get')).toMatchObject({
      holdSeconds: 7,
      webhooks: { request_failed: HOOK },
    });
    // Moving again changes nothing.
    await moveWebhooksToDevice();
    expect((await ask('settings.get')).webhooks).toEqual({ request_failed: HOOK });
  });

  it('are read whole while they move: a settings read waits for the move to end', async () => {
    await fakeBrowser.storage.sync.set({
      [SETTINGS]: { version: 2, webhooks: { request_failed: HOOK } },
    });
    // The move stops at its last write (out of sync storage) until released.
    let release: (() => void) | undefined;
    const set = fakeBrowser.storage.sync.set.bind(fakeBrowser.storage.sync);
    const held = vi.spyOn(fakeBrowser.storage.sync, 'set').mockImplementation(async (items) => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return set(items);
    });
    onTestFinished(() => {
      release?.();
      held.mockRestore();
    });
    const moving = moveWebhooksToDevice();
    let read: { webhooks: unknown } | undefined;
    const reading = readSettings().then((settings) => {
      read = settings;
    });
    await vi.waitFor(() => expect(release).toBeDefined());
    expect(read).toBeUndefined();
    release?.();
    await Promise.all([moving, reading]);
    expect(read?.webhooks).toEqual({ request_failed: HOOK });
    expect(await syncText()).not.toContain('wh_secret');
  });

  it('on this device win over ones an older version on another device synced', async () => {
    await ask('settings.update', { patch: { webhooks: { request_succeeded: HOOK } } });
    const synced = (await fakeBrowser.storage.sync.get(SETTINGS))[SETTINGS] as object;
    await fakeBrowser.storage.sync.set({
      [SETTINGS]: { ...synced, webhooks: { request_succeeded: OTHER } },
    });
    expect((await ask('settings.get')).webhooks).toEqual({ request_succeeded: HOOK });
    await moveWebhooksToDevice();
    expect(await syncText()).not.toContain('wh_secret');
    expect((await ask('settings.get')).webhooks).toEqual({ request_succeeded: HOOK });
  });

  it('are left out of an export unless asked for', async () => {
    await ask('settings.update', { patch: { webhooks: { request_succeeded: HOOK } } });
    const settings = await ask('settings.get');
    expect(JSON.stringify(exportedSettings(settings, false))).not.toContain('wh_secret');
    expect(exportedSettings(settings, false)).not.toHaveProperty('webhooks');
    expect(exportedSettings(settings, true)).toMatchObject({
      webhooks: { request_succeeded: HOOK },
    });
  });

  it('stay as they are when a file without them is imported, and are replaced by a file with them', async () => {
    await ask('settings.update', { patch: { webhooks: { request_succeeded: HOOK } } });
    const settings = await ask('settings.get');
    const without = exportedSettings({ ...settings, holdSeconds: 9 }, false);
    await ask('settings.import', { text: JSON.stringify(without) });
    expect(await ask('settings.get')).toMatchObject({
      holdSeconds: 9,
      webhooks: { request_succeeded: HOOK },
    });

    const withOther = exportedSettings({ ...settings, webhooks: { request_failed: OTHER } }, true);
    await ask('settings.import', { text: JSON.stringify(withOther) });
    expect((await ask('settings.get')).webhooks).toEqual({ request_failed: OTHER });
    expect(await syncText()).not.toContain('wh_secret');
  });

  it('refresh the popup’s first screen when they change', () => {
    const change = { [HOOKS]: { newValue: { request_succeeded: HOOK } } };
    expect(changesFirstScreen(change, 'local')).toBe(true);
    expect(changesFirstScreen(change, 'sync')).toBe(false);
  });
});
