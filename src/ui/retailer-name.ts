import { isRetailerCode, type RetailerCode } from '../api/retailers.ts';
import { t } from '../shared/i18n.ts';

/**
 * A retailer as a person names it ("Amazon UK"); a code this version does not know, as
 * it came. The key is made from the code, so a retailer without its name fails to compile.
 */
export function retailerName(code: string): string {
  const key = `popup_retailer_${code as RetailerCode}` as const;
  return isRetailerCode(code) ? t(key) : code;
}
