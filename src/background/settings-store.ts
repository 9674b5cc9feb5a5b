import { describeProblems } from '../api/problems.ts';
import { browser } from '../shared/browser.ts';
import {
  mergeSettings,
  migrateSettings,
  type Settings,
  settingsSchema,
  withoutUndefined,
} from '../shared/settings.ts';
import { STORED_KEYS } from '../shared/stored-keys.ts';

const { area, key } = STORED_KEYS.settings;

export async function readSettings(): Promise<Settings> {
  const stored = await browser.storage[area].get(key);
  return migrateSettings(stored[key]);
}

/** Thrown when a settings change names an invalid value; says which and why. */
export class SettingsError extends Error {
  constructor(readonly problems: { field: string; message: string }[]) {
    super(problems.map((problem) => problem.message).join(' '));
    this.name = 'SettingsError';
  }
}

/**
 * Applies a partial change. Unlike stored values, which fall back field by field, a
 * change with an invalid value is refused as a whole, so the user learns what to fix.
 */
export async function updateSettings(patch: Record<string, unknown>): Promise<Settings> {
  const merged = mergeSettings(await readSettings(), patch);
  const checked = settingsSchema.strict().safeParse(merged);
  if (!checked.success) throw new SettingsError(describeProblems(checked.error));
  const settings = withoutUndefined(checked.data);
  await browser.storage[area].set({ [key]: settings });
  return settings;
}
