import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { fakeBrowser } from '@webext-core/fake-browser';
import { WEBHOOK_KEYS } from '../../../src/api/contract-constants.ts';
import { readSettings, updateSettings } from '../../../src/background/settings-store.ts';
import { defaultSettings, migrateSettings, settingsSchema } from '../../../src/shared/settings.ts';
import { parseSettingsFile } from '../../../src/shared/settings-file.ts';

// Firefox hands a page the settings by structured clone, which keeps a key whose value
// is `undefined` (Chrome's messaging drops it); a page reading `webhooks.x.trim()`
// then fails. Settings never carry such keys, whichever way they were made.

/** Every key whose value is undefined, as a dotted path. */
function undefinedKeys(value: unknown, path = ''): string[] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    inner === undefined ? [`${path}${key}`] : undefinedKeys(inner, `${path}${key}.`),
  );
}

const everyWebhookUndefined = Object.fromEntries(WEBHOOK_KEYS.map((key) => [key, undefined]));

describe('settings through a structured clone', () => {
  beforeEach(() => fakeBrowser.reset());

  it('would carry undefined keys if parsed by the schema alone (why the fix is needed)', () => {
    const raw = settingsSchema.parse({ webhooks: everyWebhookUndefined });
    expect(undefinedKeys(raw)).toEqual(WEBHOOK_KEYS.map((key) => `webhooks.${key}`));
  });

  it('come out of every reader without an undefined-valued key, and equal after a clone', async () => {
    const stored = {
      webhooks: { ...everyWebhookUndefined, request_failed: 'https://hooks.example/failed' },
      gift: { isGift: true, message: undefined },
      holdSeconds: 7,
    };
    const file = parseSettingsFile(JSON.stringify({ version: 1, holdSeconds: 0 }));
    await fakeBrowser.storage.sync.set({ settings: stored });
    const made = [
      defaultSettings(),
      migrateSettings(stored),
      migrateSettings({}),
      file.ok ? file.settings : undefined,
      await readSettings(),
      await updateSettings({ webhooks: everyWebhookUndefined, polling: { fastSeconds: 3 } }),
      await readSettings(),
    ];
    for (const settings of made) {
      expect(settings).toBeDefined();
      expect(undefinedKeys(settings)).toEqual([]);
      expect(structuredClone(settings)).toStrictEqual(settings);
    }
    expect(made[1]).toMatchObject({
      webhooks: { request_failed: 'https://hooks.example/failed' },
      holdSeconds: 7,
    });
    expect(made[5]?.webhooks).toStrictEqual({});
  });

  it('hold an order 5 s before sending by default; 0 to 60 s, whole seconds', () => {
    expect(defaultSettings().holdSeconds).toBe(5);
    expect(migrateSettings({ holdSeconds: 0 }).holdSeconds).toBe(0);
    expect(migrateSettings({ holdSeconds: 60 }).holdSeconds).toBe(60);
    for (const bad of [-1, 61, 2.5, '5'])
      expect(migrateSettings({ holdSeconds: bad }).holdSeconds).toBe(5);
  });
});
