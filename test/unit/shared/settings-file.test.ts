import { describe, expect, it } from 'vitest';
import {
  CURRENT_SETTINGS_VERSION,
  defaultSettings,
  type MigrationPlan,
  migrateSettings,
} from '../../../src/shared/settings.ts';
import { parseSettingsFile } from '../../../src/shared/settings-file.ts';
import { ADDRESS } from '../../fixtures.ts';

const file = (value: unknown) => JSON.stringify(value, null, 2);

describe('a settings file to import', () => {
  it('comes back as the settings that were exported', () => {
    const exported = migrateSettings({
      mode: 'own',
      addresses: [{ id: 'home', label: 'Home', address: ADDRESS }],
      defaultAddressId: 'home',
      managed: { priorityBidCents: 250 },
    });
    expect(parseSettingsFile(file(exported))).toEqual({ ok: true, settings: exported });
  });

  it('fills fields the file leaves out with their defaults', () => {
    const result = parseSettingsFile(file({ version: 1, mode: 'own' }));
    expect(result).toEqual({ ok: true, settings: { ...defaultSettings(), mode: 'own' } });
  });

  it('is refused as a whole, naming every bad field, rather than half-imported', () => {
    const result = parseSettingsFile(
      file({
        version: 1,
        mode: 'own',
        serviceUrl: 'ftp://example.com',
        maxPriceTolerance: { percent: 500 },
        managed: { discount: 10 },
      }),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((problem) => problem.field).sort()).toEqual([
      'managed.discount',
      'maxPriceTolerance.percent',
      'serviceUrl',
    ]);
    expect(result.problems.find((problem) => problem.field === 'managed.discount')?.message).toBe(
      'managed.discount must be 0 or less.',
    );
  });

  it('is refused when it carries anything that is not a setting, such as a token', () => {
    const result = parseSettingsFile(file({ ...defaultSettings(), serviceToken: 'stolen?' }));
    expect(result).toEqual({
      ok: false,
      problems: [
        {
          field: 'serviceToken',
          message: 'serviceToken is not a Buyline setting: remove it from the file.',
        },
      ],
    });
  });

  it('is refused in plain words when it is not JSON, not settings, or from a newer Buyline', () => {
    const message = (text: string) => {
      const result = parseSettingsFile(text);
      return result.ok ? 'imported' : result.problems[0]?.message;
    };
    expect(message('{ not json')).toMatch(/^The file is not JSON/);
    expect(message('[1, 2, 3]')).toMatch(/^The file does not hold settings/);
    expect(message(file({ version: CURRENT_SETTINGS_VERSION + 1 }))).toMatch(
      /comes from a newer Buyline/,
    );
  });

  it('is migrated from its version before it is checked', () => {
    // Settings version 1 is the first; an older shape is exercised with a plan of two.
    const plan: MigrationPlan = {
      current: 2,
      migrations: { 1: ({ ordering, ...rest }) => ({ ...rest, mode: ordering }) },
    };
    const result = parseSettingsFile(file({ version: 1, ordering: 'own' }), plan);
    expect(result).toEqual({
      ok: true,
      settings: { ...defaultSettings(), version: 2, mode: 'own' },
    });
    // Without the step, the old field is unknown and the file is refused.
    expect(parseSettingsFile(file({ version: 1, ordering: 'own' })).ok).toBe(false);
  });
});
