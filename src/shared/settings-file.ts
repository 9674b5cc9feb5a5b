import { describeProblems, type FieldProblem } from '../api/problems.ts';
import { t } from './i18n.ts';
import {
  isRecord,
  type MigrationPlan,
  PLAN,
  type Settings,
  settingsSchema,
  upgradeSettings,
  withoutUndefined,
} from './settings.ts';

/**
 * Checks a settings file the user imports: migrated from its version, then valid in
 * every field, or refused with what is wrong (nothing is half-imported). Unknown
 * fields are refused too, so that nothing but settings can ride in on a file.
 */
export function parseSettingsFile(
  text: string,
  plan: MigrationPlan = PLAN,
): { ok: true; settings: Settings } | { ok: false; problems: FieldProblem[] } {
  const refuse = (field: string, message: string) => ({
    ok: false as const,
    problems: [{ field, message }],
  });
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return refuse('', t('options_importNotJson'));
  }
  if (!isRecord(raw)) return refuse('', t('options_importNotSettings'));
  if (typeof raw.version === 'number' && raw.version > plan.current)
    return refuse('version', t('options_importNewer', raw.version));
  const upgraded = upgradeSettings(raw, plan);
  const unknown = Object.keys(upgraded)
    .filter((field) => !(field in settingsSchema.shape))
    .map((field) => ({ field, message: t('options_importUnknownSetting', field) }));
  const checked = settingsSchema.safeParse({ ...upgraded, version: plan.current });
  const problems = [...unknown, ...(checked.success ? [] : describeProblems(checked.error))];
  return checked.success && problems.length === 0
    ? { ok: true, settings: withoutUndefined(checked.data) }
    : { ok: false, problems };
}
