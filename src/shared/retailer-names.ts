/**
 * Storefronts by the names buyers know them ("Amazon UK"), not the service's codes. The
 * names are messages, so a translation may write "Amazon Deutschland".
 */
import { isRetailerCode, type RetailerCode } from '../api/retailers.ts';
import { t } from './i18n.ts';

/** The message of each retailer's name: a retailer without one does not compile. */
const nameKey = (code: RetailerCode) => `retailer_${code}` as const;

/**
 * The storefront's name. A code Buyline does not know (an order synced from the
 * service for a retailer added since) is shown as it came, never hidden.
 */
export function retailerName(code: string): string {
  return isRetailerCode(code) ? t(nameKey(code)) : code;
}
