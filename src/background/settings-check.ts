import { describeProblems, type FieldProblem } from '../api/problems.ts';
import { mergeSettings, strictSettingsSchema } from '../shared/settings.ts';
import { readSettings } from './settings-store.ts';

/**
 * What would be wrong with a settings change, without saving it: the same strict
 * check `settings.update` makes, so a page can check part of a form (one address)
 * before it joins the rest.
 */
export async function settingsProblems(patch: Record<string, unknown>): Promise<FieldProblem[]> {
  const checked = strictSettingsSchema().safeParse(mergeSettings(await readSettings(), patch));
  return checked.success ? [] : describeProblems(checked.error);
}
