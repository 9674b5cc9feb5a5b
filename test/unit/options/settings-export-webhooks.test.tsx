// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { STORED_KEYS } from '../../../src/shared/stored-keys.ts';
import { fakeBrowser } from '../background/extension-env.ts';
import { button, byLabel, click, region, setChecked, statuses, type, waitFor } from './dom.ts';
import { ask, type OptionsPage, openOptions } from './options-env.tsx';

// The options page keeps webhook addresses on this device and out of an exported file
// unless the user includes them.

const HOOK = 'https://hooks.example.com/buyline?key=wh_secret_3b9a';
let page: OptionsPage;
let downloads: string[];

beforeEach(async () => {
  page = await openOptions();
  downloads = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs.get(this.href);
    if (blob) void blob.text().then((text) => downloads.push(text));
  });
});
afterEach(() => {
  page.unmount();
  vi.restoreAllMocks();
});

describe('webhook addresses on the options page', () => {
  it('are saved on this device and exported only when included', async () => {
    const hooks = region('Webhooks');
    await type(byLabel('URL for placed orders', hooks), HOOK);
    await click(button('Save webhooks', hooks));
    await waitFor(() => expect(statuses(hooks)).toContain('Webhooks saved.'));
    const { key } = STORED_KEYS.webhooks;
    expect((await fakeBrowser.storage.local.get(key))[key]).toEqual({ request_succeeded: HOOK });
    expect(JSON.stringify(await fakeBrowser.storage.sync.get(null))).not.toContain('wh_secret');

    const data = region('Data');
    const include = byLabel('Include webhook addresses', data);
    expect(include.checked).toBe(false);
    await click(button('Export settings', data));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]).not.toContain('wh_secret');
    expect(JSON.parse(downloads[0] ?? '')).toMatchObject({ holdSeconds: expect.any(Number) });

    await setChecked(include, true);
    await click(button('Export settings', data));
    await waitFor(() => expect(downloads).toHaveLength(2));
    expect(JSON.parse(downloads[1] ?? '').webhooks).toEqual({ request_succeeded: HOOK });
    expect((await ask('settings.get')).webhooks).toEqual({ request_succeeded: HOOK });
  });
});
