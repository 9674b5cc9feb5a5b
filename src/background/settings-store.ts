import { describeProblems, type FieldProblem } from '../api/problems.ts';
import { browser } from '../shared/browser.ts';
import { isLocalOrigin } from '../shared/service-address.ts';
import {
  isRecord,
  mergeSettings,
  migrateSettings,
  type Settings,
  strictSettingsSchema,
  withoutUndefined,
} from '../shared/settings.ts';
import { parseSettingsFile } from '../shared/settings-file.ts';
import { STORED_KEYS } from '../shared/stored-keys.ts';
import { UserFacingError } from './pages/user-errors.ts';

const { area, key } = STORED_KEYS.settings;
// Webhook addresses are settings, but stay on this device (a webhook URL often carries a
// secret): pages read and change them with the rest, and this module alone splits them.
const HOOKS = STORED_KEYS.webhooks;

// A move of the webhook addresses under way: settings are read once it is done, so a
// read never sees them gone from sync storage and not yet on this device.
let moving: Promise<void> | undefined;

/** The synced settings with this device's webhook addresses (until moved, the synced ones). */
export async function readSettings(): Promise<Settings> {
  await moving?.catch(() => undefined);
  const [synced, device] = await Promise.all([
    browser.storage[area].get(key),
    browser.storage[HOOKS.area].get(HOOKS.key),
  ]);
  const webhooks = device[HOOKS.key];
  const stored = synced[key];
  return migrateSettings(
    webhooks === undefined ? stored : { ...(isRecord(stored) ? stored : {}), webhooks },
  );
}

/**
 * Moves webhook addresses out of sync storage, where older versions (on any device) put
 * them. Addresses already on this device win over those from sync.
 */
export function moveWebhooksToDevice(): Promise<void> {
  moving ??= (async () => {
    const synced = (await browser.storage[area].get(key))[key];
    if (!isRecord(synced) || !('webhooks' in synced)) return;
    const device = await browser.storage[HOOKS.area].get(HOOKS.key);
    if (device[HOOKS.key] === undefined)
      await browser.storage[HOOKS.area].set({ [HOOKS.key]: migrateSettings(synced).webhooks });
    const { webhooks: _moved, ...rest } = synced;
    await browser.storage[area].set({ [key]: rest });
  })().finally(() => {
    moving = undefined;
  });
  return moving;
}

/** A settings change that names an invalid value: says which and why. */
function invalid(problems: FieldProblem[]): UserFacingError {
  const message = problems.map((problem) => problem.message).join(' ');
  return new UserFacingError(message, 'invalid', problems);
}

/** A change's strict check: refused as a whole, where stored values fall back field by field. */
async function checkChange(patch: Record<string, unknown>) {
  return strictSettingsSchema().safeParse(mergeSettings(await readSettings(), patch));
}

/** What would be wrong with a change, unsaved: a page checks part of a form (one address). */
export async function settingsProblems(patch: Record<string, unknown>): Promise<FieldProblem[]> {
  const checked = await checkChange(patch);
  return checked.success ? [] : describeProblems(checked.error);
}

/** Applies a partial change, refused as a whole when a value is invalid. */
export async function updateSettings(patch: Record<string, unknown>): Promise<Settings> {
  const checked = await checkChange(patch);
  if (!checked.success) throw invalid(describeProblems(checked.error));
  const settings = withoutUndefined(checked.data);
  const { webhooks, ...synced } = settings;
  await browser.storage[HOOKS.area].set({ [HOOKS.key]: webhooks });
  await browser.storage[area].set({ [key]: synced });
  return settings;
}

/**
 * Imports a settings file, refused as a whole unless every field is valid. A service
 * address Buyline may not reach yet is held back: access is granted only in a click on
 * a page, which then saves the address itself.
 */
export async function importSettings(
  text: string,
): Promise<{ settings: Settings; heldServiceUrl?: string }> {
  const parsed = parseSettingsFile(text);
  if (!parsed.ok) throw invalid(parsed.problems);
  const current = await readSettings();
  const origin = new URL(parsed.settings.serviceUrl).origin;
  const reachable =
    isLocalOrigin(origin) ||
    new URL(current.serviceUrl).origin === origin ||
    (await browser.permissions.contains({ origins: [`${origin}/*`] }));
  const { webhooks, ...rest } = parsed.settings;
  const raw: unknown = JSON.parse(text);
  const patch = {
    ...rest,
    // Exports leave the webhook addresses out unless asked: then this device's stay.
    webhooks: isRecord(raw) && 'webhooks' in raw ? webhooks : current.webhooks,
    serviceUrl: reachable ? parsed.settings.serviceUrl : current.serviceUrl,
  };
  const settings = await updateSettings(patch);
  return reachable ? { settings } : { settings, heldServiceUrl: parsed.settings.serviceUrl };
}
