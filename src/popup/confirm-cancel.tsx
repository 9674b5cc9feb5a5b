import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { t } from '../shared/i18n.ts';
import { ErrorText } from '../ui/error-text.tsx';
import { PlacedOrder } from './later.ts';
import { useOrderDetail } from './order-parts.tsx';

/**
 * An order opened at its cancellation's confirmation (the "Cancel order" button of the
 * notification that it was placed): the order as the popup shows a placed one, with its
 * own "Cancel order" pressed, so the next click, Confirm, is the second and last. Whether
 * it can still be cancelled is the background's answer (`life.actions.cancel`); when it
 * cannot, the order shows why and nothing is pressed.
 */
export function ConfirmCancel(props: {
  localId: string;
  onShowOrders: () => void;
  onOpen: (localId: string) => void;
}) {
  const detail = useOrderDetail(props.localId);
  const order = detail.data?.order;
  const [loaded, setLoaded] = useState(false);
  const pressed = useRef(false);
  const within = useRef<HTMLDivElement>(null);
  useEffect(() => {
    void PlacedOrder.load().then(() => setLoaded(true));
  }, []);
  useLayoutEffect(() => {
    if (pressed.current || !loaded || !order || order.life.actions.cancel.length === 0) return;
    // The order's own "Cancel order" (cancellable-orders.tsx), named by the order it cancels.
    const name = t('popup_cancelOrderOf', order.life.title);
    const cancel = Array.from(within.current?.querySelectorAll('button') ?? []).find(
      (button) => button.getAttribute('aria-label') === name,
    );
    if (!cancel) return;
    pressed.current = true;
    cancel.click();
  });
  if (detail.data === null) return <p>{t('popup_notInHistory')}</p>;
  if (!order || !loaded)
    return detail.error ? <ErrorText error={detail.error} /> : <p>{t('popup_loading')}</p>;
  return (
    <div ref={within}>
      <PlacedOrder
        order={order}
        onShowOrders={props.onShowOrders}
        onUndone={props.onShowOrders}
        onOpen={props.onOpen}
      />
    </div>
  );
}
