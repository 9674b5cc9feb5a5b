import { useEffect } from 'preact/hooks';
import { needsAttention, type OrderRecord } from '../shared/order-record.ts';
import { useConnector } from '../ui/connector.ts';

/**
 * A failed order on screen has been seen: the background stops counting it on the
 * toolbar badge. Asked once per order; a refusal only leaves the badge as it was.
 */
export function useSeen(order: OrderRecord | undefined): void {
  const connector = useConnector();
  const waiting = order !== undefined && needsAttention(order) ? order.localId : undefined;
  useEffect(() => {
    if (waiting) connector.call('orders.seen', { localIds: [waiting] }).catch(() => undefined);
  }, [waiting]);
}
