import { describe, expect, it } from 'vitest';
import {
  CURRENT_SETTINGS_VERSION,
  defaultSettings,
  type MigrationPlan,
  mergeSettings,
  migrateSettings,
  settingsSchema,
  upgradeSettings,
} from '../../../src/shared/settings.ts';
import { ADDRESS } from '../../fixtures.ts';

const saved = (id: string, city = 'Cambridge') => ({
  id,
  label: id,
  address: { ...ADDRESS, city },
});

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
    expect(settings.sellerCriteria).toBeNull();
    expect(settings.vaultIdleLockMinutes).toBe(15);
  });

  it('fall back field by field when a stored value fails, never wiping the rest', () => {
    const stored = {
      serviceUrl: 'ftp://wrong',
      mode: 'own',
      notifications: { placed: false, failed: 'yes' },
      polling: { fastSeconds: 1, trackingMinutes: 60 },
      maxPriceTolerance: { percent: 5 },
      managed: { discount: 20, queueTimeoutSeconds: 600, priorityBidCents: 150 },
      gift: { isGift: true, message: 'line\n'.repeat(12) },
      vaultIdleLockMinutes: 0,
      webhooks: { request_failed: 'not a url', request_succeeded: 'https://hooks.example/ok' },
    };
    const settings = migrateSettings(stored);
    expect(settings.serviceUrl).toBe('http://127.0.0.1:8787');
    expect(settings.mode).toBe('own');
    expect(settings.notifications).toMatchObject({ placed: false, failed: true });
    expect(settings.polling).toEqual({ fastSeconds: 5, trackingMinutes: 60 });
    expect(settings.maxPriceTolerance).toEqual({ percent: 5, amountCents: 0 });
    expect(settings.managed).toEqual({
      discount: 0,
      queueTimeoutSeconds: 600,
      primeOptout: false,
      priorityBidCents: 150,
    });
    expect(settings.gift).toEqual({ isGift: true, message: '' });
    expect(settings.vaultIdleLockMinutes).toBe(15);
    expect(settings.webhooks).toEqual({ request_succeeded: 'https://hooks.example/ok' });
  });

  it('keep the good entries of a list or a map when one entry is bad', () => {
    const settings = migrateSettings({
      addresses: [
        saved('home'),
        { id: 'broken', label: 'x', address: { city: 'nowhere' } },
        saved('work', 'Boston'),
      ],
      defaultAddressId: 'home',
      sellerCriteriaByRetailer: {
        amazon: { prime: false },
        walmart: { handling_days_max: 'soon' },
        nowhere: { prime: true },
      },
    });
    expect(settings.addresses.map((entry) => entry.id)).toEqual(['home', 'work']);
    expect(settings.defaultAddressId).toBe('home');
    expect(settings.sellerCriteriaByRetailer).toEqual({ amazon: { prime: false } });
    // A whole field of the wrong type still falls back to its default.
    expect(migrateSettings({ addresses: 'not a list' }).addresses).toEqual([]);
  });

  it('read nothing, or garbage, as the defaults', () => {
    expect(migrateSettings(undefined)).toEqual(defaultSettings());
    expect(migrateSettings('garbage')).toEqual(defaultSettings());
    expect(migrateSettings([1, 2])).toEqual(defaultSettings());
  });

  it('survive a round trip through storage unchanged', () => {
    const settings = migrateSettings({
      mode: 'own',
      addresses: [saved('home')],
      shipping: { kind: 'object', shipping: { order_by: 'speed', max_days: 3 } },
    });
    expect(migrateSettings(JSON.parse(JSON.stringify(settings)))).toEqual(settings);
  });

  it('merge a change one level deep', () => {
    const merged = mergeSettings(defaultSettings(), { polling: { fastSeconds: 3 }, mode: 'own' });
    expect(settingsSchema.parse(merged)).toMatchObject({
      polling: { fastSeconds: 3, trackingMinutes: 30 },
      mode: 'own',
    });
  });
});

describe('settings migrations', () => {
  // Version 1 is the first Buyline ever stored, so the steps are exercised with a plan
  // of three versions: 1 kept the tolerance as one number, 2 renamed the address list.
  const plan: MigrationPlan = {
    current: 3,
    migrations: {
      1: ({ tolerance, ...rest }) => ({ ...rest, maxPriceTolerance: { percent: tolerance } }),
      2: ({ savedAddresses, ...rest }) => ({ ...rest, addresses: savedAddresses }),
    },
  };

  it('run every step from the stored version, in order', () => {
    const upgraded = upgradeSettings(
      { version: 1, tolerance: 15, savedAddresses: [saved('home')] },
      plan,
    );
    expect(upgraded).toEqual({
      version: 3,
      maxPriceTolerance: { percent: 15 },
      addresses: [saved('home')],
    });
    const settings = migrateSettings({ version: 1, tolerance: 15, savedAddresses: [] }, plan);
    expect(settings.version).toBe(3);
    expect(settings.maxPriceTolerance).toEqual({ percent: 15, amountCents: 0 });
  });

  it('start from the stored version: a version-2 value skips the first step', () => {
    expect(upgradeSettings({ version: 2, savedAddresses: [], tolerance: 15 }, plan)).toEqual({
      version: 3,
      addresses: [],
      tolerance: 15,
    });
  });

  it('leave a current value alone, and take a value without a version as current', () => {
    expect(upgradeSettings({ version: 3, mode: 'own' }, plan)).toEqual({ version: 3, mode: 'own' });
    expect(upgradeSettings({ mode: 'own' }, plan)).toEqual({ version: 3, mode: 'own' });
  });

  it('store the current version, whatever version was read', () => {
    expect(migrateSettings({ version: 1, mode: 'own' }).version).toBe(CURRENT_SETTINGS_VERSION);
    expect(migrateSettings({ version: 'x' }).version).toBe(CURRENT_SETTINGS_VERSION);
  });
});

describe('migration to version 2 (addresses checked by country)', () => {
  it('keeps a saved address by taking the corrections the rules suggest', () => {
    const stored = {
      version: 1,
      addresses: [
        {
          id: 'home',
          label: 'Home',
          address: {
            first_name: 'Ada',
            last_name: 'Lovelace',
            address_line1: '77 Massachusetts Ave',
            zip_code: '02139',
            city: 'Cambridge',
            state: 'Massachusetts',
            country: 'us',
            phone_number: '6175550100',
          },
        },
      ],
      defaultAddressId: 'home',
    };
    const settings = migrateSettings(stored);
    expect(settings.version).toBe(2);
    expect(settings.addresses).toHaveLength(1);
    expect(settings.addresses[0]?.address).toMatchObject({ state: 'MA', country: 'US' });
    expect(settings.defaultAddressId).toBe('home');
  });
});

describe('a change to settings', () => {
  it('replaces the maps whose entries the user removes, and merges groups', () => {
    const current = {
      ...defaultSettings(),
      webhooks: { request_failed: 'https://hooks.example.com/failed' },
      sellerCriteriaByRetailer: { amazon: { prime: true } },
    };
    const merged = mergeSettings(current, {
      webhooks: {},
      sellerCriteriaByRetailer: {},
      managed: { discount: -5 },
    });
    expect(merged.webhooks).toEqual({});
    expect(merged.sellerCriteriaByRetailer).toEqual({});
    expect(merged.managed).toEqual({ ...current.managed, discount: -5 });
  });
});
