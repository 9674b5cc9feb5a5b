import { t } from '../shared/i18n.ts';
import { useBackground } from '../ui/use-background.ts';

/**
 * How many orders wait for a working token, beside the token: their POST was refused
 * for it, so nothing was placed, and they go out as soon as a working one is saved. The
 * background counts them (`orders.awaitingToken`); read again whenever orders or the
 * token change. Nothing is shown while none waits.
 */
export function OrdersWaitingForToken() {
  const waiting = useBackground(
    (connector) => connector.call('orders.awaitingToken', {}),
    ['orders', 'token'],
  );
  const count = waiting.data?.count ?? 0;
  if (count === 0) return null;
  return (
    <p class="notice" role="status" data-testid="orders-waiting-for-token">
      {count === 1
        ? t('options_ordersAwaitingTokenOne')
        : t('options_ordersAwaitingTokenMany', count)}
    </p>
  );
}
