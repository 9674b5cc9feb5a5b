import { useEffect } from 'preact/hooks';
import type { OrderView } from '../shared/protocol.ts';
import { useConnector } from '../ui/connector.ts';

/**
 * A failed order on screen has been seen: the background stops counting it on the
 * toolbar badge. Asked once per order; a refusal only leaves the badge as it was.
 */
export function useSeen(order: OrderView | undefined): void {
  const connector = useConnector();
  const waiting = order?.life.unseen ? order.localId : undefined;
  useEffect(() => {
    if (waiting) connector.call('orders.seen', { localIds: [waiting] }).catch(() => undefined);
  }, [waiting]);
}
