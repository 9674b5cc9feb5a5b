import { useRef, useState } from 'preact/hooks';
import { t } from '../shared/i18n.ts';
import type { OrderView } from '../shared/protocol.ts';
import type { DetectedProduct } from '../shared/retailer-registry.ts';
import type { Connector } from '../ui/connector.ts';
import { useBackground } from '../ui/use-background.ts';
import { PlacedOrder } from './later.ts';

/**
 * Asks for the orders of a storefront that the background says are still in flight
 * (held, sent, placing); only those of that very product count.
 */
export async function readInFlight(
  connector: Connector,
  product: Pick<DetectedProduct, 'retailer' | 'productId'>,
): Promise<OrderView[]> {
  const { retailer, productId } = product;
  const query = { state: 'in_flight', retailer, search: productId, limit: 10 } as const;
  const orders = await connector.call('orders.query', query);
  return orders.filter((order) => order.productIds.includes(productId));
}

/**
 * The orders in flight for the product in view (`initial`: as the popup found them when
 * it opened), followed live after. One found stays while the popup is open, followed
 * to its outcome, unless the buyer took it back (Undo).
 */
export function useOrdersInFlight(
  product: Pick<DetectedProduct, 'retailer' | 'productId'> | undefined,
  initial?: OrderView[],
): { orders: OrderView[]; drop: (localId: string) => void } {
  const read = useBackground(
    (c) => (product ? readInFlight(c, product) : Promise.resolve([])),
    ['orders'],
    [product?.retailer, product?.productId],
    undefined,
    initial,
  );
  const found = useRef<Map<string, OrderView>>();
  const [dropped, setDropped] = useState<string[]>([]);
  // The orders on their way as the popup opened; one placed from this popup later is
  // the popup's own (shown as placed), not one to put before the form.
  if (read.data && !found.current)
    found.current = new Map(read.data.map((order) => [order.localId, order]));
  for (const order of read.data ?? [])
    if (found.current?.has(order.localId)) found.current.set(order.localId, order);
  return {
    orders: [...(found.current?.values() ?? [])].filter(
      (order) => !dropped.includes(order.localId),
    ),
    drop: (localId) => setDropped((ids) => [...ids, localId]),
  };
}

/**
 * The orders in flight for the product in view, before anything else: each with its
 * state and what can be done now (Undo, Abort). Placing another order for the same
 * product is a separate choice (`onAnother`), never the first button.
 */
export function OrdersInFlight(props: {
  orders: OrderView[];
  another: boolean;
  onAnother: () => void;
  onUndone: (localId: string) => void;
  onShowOrders: () => void;
  onOpen: (localId: string) => void;
}) {
  if (props.orders.length === 0) return null;
  return (
    <>
      {props.orders.map((order) => (
        <PlacedOrder
          key={order.localId}
          order={order}
          focus={false}
          onShowOrders={props.onShowOrders}
          onOpen={props.onOpen}
          onUndone={() => props.onUndone(order.localId)}
        />
      ))}
      {!props.another && (
        <div class="row">
          <p class="hint">{t('popup_inFlightFirst')}</p>
          <button type="button" onClick={props.onAnother}>
            {t('popup_placeAnother')}
          </button>
        </div>
      )}
    </>
  );
}
