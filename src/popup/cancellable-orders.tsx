import { useState } from 'preact/hooks';
import { CANCELLABLE_QUERY } from '../shared/first-screen.ts';
import { t } from '../shared/i18n.ts';
import type { OrderDetail, OrderView } from '../shared/protocol.ts';
import { useConnector } from '../ui/connector.ts';
import { ErrorText } from '../ui/error-text.tsx';
import { focusOnMount } from '../ui/focus.ts';
import { moment } from '../ui/formats.ts';
import { useBackground } from '../ui/use-background.ts';
import { button } from './button.tsx';
import { cancellationLine, orderStateLabel, totalOf, useOrderDetail } from './order-parts.tsx';

const SHOWN = 3;

/**
 * On the first screen, the recent orders the background offers to cancel: opening the
 * popup, Cancel and Confirm are the whole cancellation. One whose cancellation started
 * here keeps its row, with its cancellation's live state, while the popup is open.
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
  const live = useOrderDetail(given.localId, given);
  // The later of its own reading and the list's.
  const own = live.data?.order;
  const order = own && own.updatedAt >= given.updatedAt ? own : given;
  return (
    <li class="row">
      <span class="title">{order.life.title}</span>{' '}
      <span class="hint">
        {[totalOf(order), moment(order.createdAt)].filter(Boolean).join(' · ')}
      </span>
      <CancelOrder
        order={order}
        onAnswer={(detail) => {
          props.onStarted(detail.order);
          live.answer(detail);
        }}
      />
    </li>
  );
}

/**
 * "Cancel order", then one Confirm, which cancels every merchant order the background
 * offers to cancel (or only `merchantOrderId`) and says which first. Each gets its key
 * when the confirmation is asked, so a Confirm after an error repeats the same
 * cancellations, never new ones. The order's cancellation then shows here until the
 * retailer decides (a merchant order's own is told beside it).
 */
export function CancelOrder(props: {
  order: OrderView;
  merchantOrderId?: string;
  onAnswer?: (detail: OrderDetail) => void;
}) {
  const { order, merchantOrderId: one } = props;
  const connector = useConnector();
  // The keys of the cancellations, once asked; null once the buyer kept the order.
  const [keys, setKeys] = useState<Record<string, string> | null>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const ids = order.life.actions.cancel.filter((id) => !one || id === one);
  const name = one ?? order.life.title;
  // Once asked: the cancellation under way or refused, else what the order came to.
  const line =
    !one &&
    (cancellationLine(order) ?? (order.life.cancellation && orderStateLabel(order.life.shown)));

  async function confirm() {
    setBusy(true);
    setError(undefined);
    try {
      for (const merchantOrderId of ids) {
        const detail = await connector.call('order.cancel', {
          localId: order.localId,
          merchantOrderId,
          draftId: keys?.[merchantOrderId] ?? crypto.randomUUID(),
        });
        props.onAnswer?.(detail);
      }
      setKeys(undefined);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }

  const state = line && (
    <p class="hint" role="status" tabIndex={-1} ref={focusOnMount}>
      {line}
    </p>
  );
  if (ids.length === 0) return state || null;
  if (!keys)
    return (
      <>
        {state}
        <button
          type="button"
          {...(one ? {} : { 'aria-label': t('popup_cancelOrderOf', name) })}
          // Kept: the focus comes back to where it was before the confirmation.
          {...(keys === null ? { ref: focusOnMount } : {})}
          onClick={() => setKeys(Object.fromEntries(ids.map((id) => [id, crypto.randomUUID()])))}
        >
          {one ? t('popup_cancelOf', one) : t('popup_cancelOrder')}
        </button>
      </>
    );
  return (
    <div class="confirm">
      <p>
        {ids.length === 1
          ? t('popup_cancelsOne', ids.join())
          : t('popup_cancelsAll', ids.length, ids.join(', '))}
      </p>
      <div class="row">
        <button type="button" class="danger" ref={focusOnMount} disabled={busy} onClick={confirm}>
          {t('popup_confirmCancelOf', name)}
        </button>
        {button(t('popup_keepIt'), () => setKeys(null), 'link')}
      </div>
      <ErrorText error={error} />
    </div>
  );
}
