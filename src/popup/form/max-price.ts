import { t } from '../../shared/i18n.ts';
import { parseMoney } from '../../shared/money.ts';
import { isManaged } from '../../shared/order-request-from-form.ts';
import type { PopupDraft } from './types.ts';

/**
 * What keeps the maximum price from being sent, in a sentence for its field: missing
 * where a managed order needs one, negative, or not an amount. The background checks the
 * request all the same; this is what the page shows before a click, never instead of it.
 */
export function maxPriceTrouble(draft: PopupDraft): string | undefined {
  const text = draft.maxPrice.trim();
  const max = parseMoney(text);
  if (max === undefined) return isManaged(draft) ? t('popup_maxPriceNeeded') : undefined;
  if (!Number.isNaN(max)) return undefined;
  return /^-/.test(text) ? t('popup_maxPriceNegative') : t('popup_maxPriceNotAmount', text);
}
