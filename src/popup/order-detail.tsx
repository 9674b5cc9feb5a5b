import { useState } from 'preact/hooks';
import { type MessageKey, t } from '../shared/i18n.ts';
import { readOrderResponse } from '../shared/order-response-reader.ts';
import type { OrderDetail as Detail, OrderView } from '../shared/protocol.ts';
import { retailerName } from '../shared/retailer-names.ts';
import { useConnector } from '../ui/connector.ts';
import { ErrorText } from '../ui/error-text.tsx';
import { focusOnMount } from '../ui/focus.ts';
import { moment } from '../ui/formats.ts';
import { useBackground } from '../ui/use-background.ts';
import { MerchantOrders } from './merchant-orders.tsx';
import { OrderFacts } from './order-facts.tsx';
import { orderTitle } from './order-row.tsx';
import { OrderStatusLine } from './order-status.tsx';
import { UnreadableNote } from './unreadable-note.tsx';
import { useSeen } from './use-seen.ts';
import { UsualPlacingTime } from './usual-placing-time.tsx';

/**
 * One order: its state, money, merchant orders, tracking; and what the background says
 * can be done with it now (refresh, abort, cancel each merchant order, order again). Read again whenever the background announces a change to
 * this order; a failure seen here stops counting on the toolbar badge.
 */
export function OrderDetail(props: {
  localId: string;
  onBack: () => void;
  onRetry?: (order: OrderView) => void;
}) {
  const { localId, onBack } = props;
  const connector = useConnector();
  const detail = useBackground(
    (c) => c.call('order.get', { localId }),
    ['orders'],
    [localId],
    (notice) => !notice.orderIds || notice.orderIds.includes(localId),
  );
  const [actionError, setActionError] = useState<unknown>();
  const [raw, setRaw] = useState(false);
  useSeen(detail.data?.order);

  const act = async (run: () => Promise<Detail | null>) => {
    setActionError(undefined);
    try {
      const next = await run();
      if (next) detail.show(next);
    } catch (error) {
      setActionError(error);
    }
  };

  /** A button for one of the order's actions; the reply shows the order as it is now. */
  const action = (label: MessageKey, run: () => Promise<Detail | null>, kind?: 'danger') => (
    <button type="button" class={kind} onClick={() => act(run)}>
      {t(label)}
    </button>
  );

  if (detail.data === undefined)
    return detail.error ? <ErrorText error={detail.error} /> : <p>{t('popup_loading')}</p>;
  if (detail.data === null) {
    return (
      <section aria-label={t('popup_orderDetail')}>
        <p>{t('popup_notInHistory')}</p>
        <button type="button" onClick={onBack}>
          {t('popup_backToOrders')}
        </button>
      </section>
    );
  }
  const { order, cancellations } = detail.data;
  const { actions } = order.life;
  const facts = readOrderResponse(order.response);

  return (
    <section aria-label={t('popup_orderDetail')}>
      <button type="button" class="link" onClick={onBack}>
        {t('popup_back')}
      </button>
      <h2 tabIndex={-1} ref={focusOnMount}>
        {orderTitle(order)}
      </h2>
      <p class="hint">
        {[
          retailerName(order.retailer),
          moment(order.createdAt) ?? t('popup_dateUnknown'),
          t('popup_requestId', order.requestId ?? t('popup_notYetKnown')),
        ].join(' · ')}
      </p>
      <OrderStatusLine order={order} />
      <UsualPlacingTime order={order} now={Date.now()} />
      {actions.retry && props.onRetry && (
        <button type="button" class="primary" onClick={() => props.onRetry?.(order)}>
          {t('popup_orderAgain')}
        </button>
      )}
      <OrderFacts order={order} facts={facts} />
      <MerchantOrders
        merchantOrderIds={order.merchantOrderIds}
        cancellations={cancellations}
        cancellable={actions.cancel}
        onCancel={(merchantOrderId) =>
          act(() =>
            connector.call('order.cancel', {
              localId,
              merchantOrderId,
              draftId: crypto.randomUUID(),
            }),
          )
        }
      />
      <UnreadableNote parts={facts.unreadable} />
      <div class="row">
        {actions.refresh &&
          action('popup_refresh', () => connector.call('order.refresh', { localId }))}
        {actions.undo &&
          action(
            'popup_undo',
            async () => {
              const { undone } = await connector.call('order.undo', { localId });
              // Taken back: nothing was sent, and the order is gone from the history.
              if (undone) onBack();
              return connector.call('order.get', { localId });
            },
            'danger',
          )}
        {actions.abort && action('popup_abort', () => connector.call('order.abort', { localId }))}
        <button type="button" class="link" onClick={() => setRaw(!raw)} aria-expanded={raw}>
          {t(raw ? 'popup_hideRaw' : 'popup_showRaw')}
        </button>
      </div>
      <ErrorText error={actionError} />
      {raw && <pre class="raw">{JSON.stringify(order.response ?? null, null, 2)}</pre>}
    </section>
  );
}
