/** The service's address as the user types it; zod-free, for pages and the background. */
import { t } from './i18n.ts';

/** The local sandbox, Buyline's service out of the box (settings.ts's default; a test keeps them equal). */
export const SANDBOX_URL = 'http://127.0.0.1:8787';

/** Addresses on this machine, which the manifest already lets Buyline reach. */
export function isLocalOrigin(origin: string): boolean {
  return /^https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(origin);
}

/** The service address as typed, made into one Buyline can use, or why not. */
export function serviceAddress(text: string): { url: string; origin: string } | { error: string } {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { error: t('options_serviceAddressNotFull') };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { error: t('options_serviceAddressScheme') };
  return { url: url.href.replace(/\/+$/, ''), origin: url.origin };
}
