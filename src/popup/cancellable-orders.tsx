import { t } from '../shared/i18n.ts';
import type { OrderRecord } from '../shared/order-record.ts';
import type { Connector } from '../ui/connector.ts';
import { moment, money } from '../ui/formats.ts';
import { useBackground } from '../ui/use-background.ts';
import { CancelOrder, canCancel } from './cancel-order.tsx';
import { orderTitle } from './order-row.tsx';

/** The recent orders the first screen offers to cancel: placed ones, newest first. */
export const CANCELLABLE_QUERY = { state: 'placed', limit: 10 } as const;

/**
 * On the first screen, the recent orders that can still be cancelled, each with Cancel:
 * opening the popup, Cancel and Confirm are the whole cancellation.
 */
export function CancellableOrders(props: {
  read: (connector: Connector) => Promise<OrderRecord[]>;
}) {
  const orders = (useBackground(props.read, ['orders']).data ?? []).filter(canCancel).slice(0, 3);
  if (orders.length === 0) return null;
  return (
    <section aria-labelledby="recent-heading">
      <h2 id="recent-heading">{t('popup_recentCancellable')}</h2>
      <ul class="orders">
        {orders.map((order) => (
          <li key={order.localId} class="row">
            <span class="title">{orderTitle(order)}</span>{' '}
            <span class="hint">
              {[
                typeof order.total === 'number' && money(order.total, order.currency),
                moment(order.createdAt),
              ]
                .filter(Boolean)
                .join(' · ')}
            </span>
            <CancelOrder order={order} />
          </li>
        ))}
      </ul>
    </section>
  );
}
