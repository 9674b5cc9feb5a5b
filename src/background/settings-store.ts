import { describeProblems } from '../api/problems.ts';
import { browser } from '../shared/browser.ts';
import {
  isRecord,
  mergeSettings,
  migrateSettings,
  type Settings,
  strictSettingsSchema,
  withoutUndefined,
} from '../shared/settings.ts';
import { STORED_KEYS } from '../shared/stored-keys.ts';

const { area, key } = STORED_KEYS.settings;
// Webhook addresses are settings, but stay on this device (a webhook URL often carries a
// secret): pages read and change them with the rest, and this module alone splits them.
const HOOKS = STORED_KEYS.webhooks;

/**
 * The settings as stored: the synced ones, with this device's webhook addresses. Until
 * those are moved out of sync storage (moveWebhooksToDevice, at every start), the synced
 * ones stand.
 */
function withDeviceWebhooks(synced: unknown, device: unknown): unknown {
  if (device === undefined) return synced;
  return { ...(isRecord(synced) ? synced : {}), webhooks: device };
}

// A move of the webhook addresses under way: settings are read once it is done, so a
// read never sees them gone from sync storage and not yet on this device.
let moving: Promise<void> | undefined;

export async function readSettings(): Promise<Settings> {
  await moving?.catch(() => undefined);
  const [synced, device] = await Promise.all([
    browser.storage[area].get(key),
    browser.storage[HOOKS.area].get(HOOKS.key),
  ]);
  return migrateSettings(withDeviceWebhooks(synced[key], device[HOOKS.key]));
}

/** Writes valid settings: the webhook addresses on this device, the rest synced. */
async function writeSettings(settings: Settings): Promise<void> {
  const { webhooks, ...synced } = settings;
  await browser.storage[HOOKS.area].set({ [HOOKS.key]: webhooks });
  await browser.storage[area].set({ [key]: synced });
}

/**
 * Moves webhook addresses out of sync storage, where versions before this one kept them
 * (and an older version on another device may still put them). Addresses already on
 * this device win: one from sync is taken only when the device has none stored yet.
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
  const checked = strictSettingsSchema().safeParse(merged);
  if (!checked.success) throw new SettingsError(describeProblems(checked.error));
  const settings = withoutUndefined(checked.data);
  await writeSettings(settings);
  return settings;
}
