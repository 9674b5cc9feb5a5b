import { browser } from '../shared/browser.ts';
import { isLocalOrigin } from '../shared/service-address.ts';
import type { Settings } from '../shared/settings.ts';
import { parseSettingsFile } from '../shared/settings-file.ts';
import { readSettings, SettingsError, updateSettings } from './settings-store.ts';

/** Whether the file names webhook addresses; exports leave them out unless asked. */
function namesWebhooks(text: string): boolean {
  const raw: unknown = JSON.parse(text);
  return typeof raw === 'object' && raw !== null && 'webhooks' in raw;
}

/**
 * Imports a settings file: refused as a whole unless every field is valid (the strict
 * check of parseSettingsFile). A service address Buyline may not reach yet is held
 * back, since the browser grants access only in a click on a page; the page offers
 * that click and then saves the address itself. A file without webhook addresses (the
 * usual export) keeps this device's.
 */
export async function importSettings(
  text: string,
): Promise<{ settings: Settings; heldServiceUrl?: string }> {
  const parsed = parseSettingsFile(text);
  if (!parsed.ok) throw new SettingsError(parsed.problems);
  const current = await readSettings();
  const origin = new URL(parsed.settings.serviceUrl).origin;
  const reachable =
    isLocalOrigin(origin) ||
    new URL(current.serviceUrl).origin === origin ||
    (await browser.permissions.contains({ origins: [`${origin}/*`] }));
  const { webhooks, ...rest } = parsed.settings;
  const patch = {
    ...rest,
    webhooks: namesWebhooks(text) ? webhooks : current.webhooks,
    serviceUrl: reachable ? parsed.settings.serviceUrl : current.serviceUrl,
  };
  const settings = await updateSettings(patch);
  return reachable ? { settings } : { settings, heldServiceUrl: parsed.settings.serviceUrl };
}
