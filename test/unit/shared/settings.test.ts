import { describe, expect, it } from 'vitest';
import {
  CURRENT_SETTINGS_VERSION,
  defaultSettings,
  mergeSettings,
  migrateSettings,
  settingsSchema,
} from '../../../src/shared/settings.ts';
import { STORED_KEYS } from '../../../src/shared/stored-keys.ts';

describe('settings', () => {
  it('default to the local sandbox with every field filled', () => {
    const settings = defaultSettings();
    expect(settings.serviceUrl).toBe('http://127.0.0.1:8787');
    expect(settings.version).toBe(CURRENT_SETTINGS_VERSION);
    expect(settings.notifications).toEqual({
      placed: true,
      failed: true,
      tracking: true,
      cancellation: true,
      managed_waiting: true,
    });
    expect(settings.maxPriceTolerance).toEqual({ percent: 10, amountCents: 0 });
  });

  it('fall back field by field when a stored value fails, never wiping the rest', () => {
    const stored = {
      serviceUrl: 'ftp://wrong',
      mode: 'own',
      notifications: { placed: false, failed: 'yes' },
      polling: { fastSeconds: 1, trackingMinutes: 60 },
      addresses: 'not a list',
      maxPriceTolerance: { percent: 5 },
    };
    const settings = migrateSettings(stored);
    expect(settings.serviceUrl).toBe('http://127.0.0.1:8787');
    expect(settings.mode).toBe('own');
    expect(settings.notifications).toMatchObject({ placed: false, failed: true });
    expect(settings.polling).toEqual({ fastSeconds: 5, trackingMinutes: 60 });
    expect(settings.addresses).toEqual([]);
    expect(settings.maxPriceTolerance).toEqual({ percent: 5, amountCents: 0 });
  });

  it('read nothing, or garbage, as the defaults', () => {
    expect(migrateSettings(undefined)).toEqual(defaultSettings());
    expect(migrateSettings('garbage')).toEqual(defaultSettings());
  });

  it('merge a change one level deep', () => {
    const merged = mergeSettings(defaultSettings(), { polling: { fastSeconds: 3 }, mode: 'own' });
    expect(settingsSchema.parse(merged)).toMatchObject({
      polling: { fastSeconds: 3, trackingMinutes: 30 },
      mode: 'own',
    });
  });

  it('keep secrets out: settings live in sync storage, the token and vault elsewhere', () => {
    expect(STORED_KEYS.settings.area).toBe('sync');
    for (const entry of Object.values(STORED_KEYS)) {
      if (entry.secret) expect(entry.area).not.toBe('sync');
    }
    expect(Object.keys(defaultSettings())).not.toContain('token');
  });
});
