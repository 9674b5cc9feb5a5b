import { t } from '../shared/i18n.ts';
import type { OrderView } from '../shared/protocol.ts';
import { retailerName } from '../shared/retailer-names.ts';
import { ordersPageOf } from '../shared/retailer-registry.ts';

/**
 * The outcome is uncertain: the background shows the order as one to check (it may
 * exist, or it failed for a reason Buyline does not know). Checking comes first then.
 */
export const outcomeUncertain = (order: OrderView): boolean => order.life.shown === 'check';

/**
 * The safe action first: a link to the buyer's orders at the storefront, with the
 * retailer's order number to look for when it is known.
 */
export function CheckOrder({ order }: { order: OrderView }) {
  const page = ordersPageOf(order.retailer);
  const store = retailerName(order.retailer);
  const numbers = order.merchantOrderIds.join(', ');
  return (
    <div class="check-order">
      {page ? (
        <a class="button primary" href={page} target="_blank" rel="noreferrer">
          {t('popup_checkOrders', store)}
        </a>
      ) : (
        <p>{t('popup_checkOrdersNoLink', store)}</p>
      )}
      {numbers && <p class="hint">{t('popup_lookFor', numbers)}</p>}
    </div>
  );
}
