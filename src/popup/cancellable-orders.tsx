import { useState } from 'preact/hooks';
import { CANCELLABLE_QUERY } from '../shared/first-screen.ts';
import { t } from '../shared/i18n.ts';
import type { OrderView } from '../shared/protocol.ts';
import { moment, money } from '../ui/formats.ts';
import { useBackground } from '../ui/use-background.ts';
import { CancelOrder } from './cancel-order.tsx';
import { orderTitle } from './order-row.tsx';

const SHOWN = 3;

/**
 * On the first screen, the recent orders the background offers to cancel, each with
 * "Cancel order": opening the popup, Cancel and Confirm are the whole cancellation. An
 * order whose cancellation the buyer started here keeps its row while the popup is
 * open, with its cancellation's live state, until and after the retailer decides.
 */
export function CancellableOrders(props: { initial?: OrderView[] | undefined }) {
  const read = useBackground(
    (c) => c.call('orders.query', CANCELLABLE_QUERY),
    ['orders'],
    [],
    undefined,
    props.initial,
  );
  const offered = (read.data ?? [])
    .filter((order) => order.life.actions.cancel.length > 0)
    .slice(0, SHOWN);
  const [started, setStarted] = useState<OrderView[]>([]);
  // What the buyer started stays (read live in its row); what is offered now comes from
  // the list. Newest first, so a row keeps its place when its cancellation starts.
  const rows = [
    ...offered,
    ...started.filter((order) => !offered.some((other) => other.localId === order.localId)),
  ].sort((a, b) => b.createdAt - a.createdAt);
  if (rows.length === 0) return null;
  const start = (order: OrderView) =>
    setStarted((shown) =>
      shown.some((other) => other.localId === order.localId) ? shown : [...shown, order],
    );
  return (
    <section aria-labelledby="recent-heading">
      <h2 id="recent-heading">{t('popup_recentCancellable')}</h2>
      <ul class="orders">
        {rows.map((order) => (
          <RecentOrder key={order.localId} order={order} onStarted={start} />
        ))}
      </ul>
    </section>
  );
}

/** One recent order, read again whenever the background announces a change to it. */
function RecentOrder(props: { order: OrderView; onStarted: (order: OrderView) => void }) {
  const given = props.order;
  const { localId } = given;
  const live = useBackground(
    async (c) => (await c.call('order.get', { localId }))?.order ?? given,
    ['orders'],
    [localId],
    (notice) => !notice.orderIds || notice.orderIds.includes(localId),
    given,
  );
  const order = newest(live.data, given);
  if (!order) return null;
  return (
    <li class="row">
      <span class="title">{orderTitle(order)}</span>{' '}
      <span class="hint">
        {[
          typeof order.total === 'number' && money(order.total, order.currency),
          moment(order.createdAt),
        ]
          .filter(Boolean)
          .join(' · ')}
      </span>
      <CancelOrder
        order={order}
        onAnswer={(detail) => {
          props.onStarted(detail.order);
          live.show(detail.order);
        }}
      />
    </li>
  );
}

/** The later of two readings of the same order. */
function newest(a: OrderView | undefined, b: OrderView | undefined): OrderView | undefined {
  if (!a || !b) return a ?? b;
  return b.updatedAt > a.updatedAt ? b : a;
}
