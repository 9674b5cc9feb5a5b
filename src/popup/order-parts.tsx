import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { t } from '../shared/i18n.ts';
import { formatCount, numberFormat, userLocale } from '../shared/locale-format.ts';
import {
  CANCELLATION_STATES,
  type CancellationState,
  type Failure,
  ORDER_STATES,
  type OrderRecord,
  type OrderState,
} from '../shared/order-record.ts';
import { refusedPriceOf } from '../shared/order-response-reader.ts';
import type { OrderDetail, OrderView, ShownState } from '../shared/protocol.ts';
import { retailerName } from '../shared/retailer-names.ts';
import { useConnector } from '../ui/connector.ts';
import { ErrorText } from '../ui/error-text.tsx';
import { money } from '../ui/formats.ts';
import { useBackground } from '../ui/use-background.ts';
import { button } from './button.tsx';
import { CheckOrder, outcomeUncertain } from './check-order.tsx';
import { StopOrder } from './stop-order.tsx';

/**
 * A state in words (and its own colour, `.s-<state>` in base.css): the key is made from
 * the state, so a state without its message fails to compile. An unknown one shows as it came.
 */
export function orderStateLabel(state: string): string {
  const key = `popup_state_${state as ShownState}` as const;
  return state === 'check' || ORDER_STATES.includes(state as OrderState) ? t(key) : state;
}

export function cancellationStateLabel(state: string): string {
  const key = `popup_cancel_${state as CancellationState}` as const;
  return CANCELLATION_STATES.includes(state as CancellationState) ? t(key) : state;
}

/** The order's total in its currency, when the service gave one. */
export const totalOf = (order: OrderView) =>
  typeof order.total === 'number' && Number.isFinite(order.total)
    ? money(order.total, order.currency)
    : undefined;

/** Why an order failed, in a few words: the explanation's first sentence, once stopped. */
export const reasonOf = (failure: Failure) => failure.title.replace(/([.!?])\.$/, '$1');

/**
 * An order's latest cancellation in words while it is under way or once refused
 * ("Cancellation refused: …"); nothing once it went through: the order then says Cancelled.
 */
export function cancellationLine(order: OrderView): string | undefined {
  const cancellation = order.life.cancellation;
  if (!cancellation || !(cancellation.underWay || cancellation.refused)) return undefined;
  const label = cancellationStateLabel(cancellation.state);
  return cancellation.reason ? `${label}: ${cancellation.reason.replace(/\.$/, '')}` : label;
}

/**
 * A failure in plain words, with no service code (it is for support, under "Show raw
 * response"). Orders stored before version 0.3 name an unknown code in their stored
 * title, so such a title is said again without it, with the service's own message.
 */
function failureWords(failure: Failure): string {
  if (!failure.title.includes(failure.code)) return `${reasonOf(failure)} ${failure.fix}`;
  const said = failure.message.trim().replace(/[.\s]+$/, '');
  const reason = said
    ? t('popup_failedUnknownSaid', /[!?]$/.test(said) ? said : `${said}.`)
    : t('popup_failedUnknown');
  return `${reason} ${t('popup_failedUnknownFix')}`;
}

/**
 * An order's state in a sentence or two: what happened (a cancellation under way before
 * "Placed"), what to change when it failed, with the figures of a refused price, and why
 * Cancel is not offered (its cancellation is told beside its Cancel). `numbers`: with the
 * retailer's order numbers, where no list of shipments shows them.
 */
export function OrderStatusLine({ order, numbers }: { order: OrderView; numbers?: boolean }) {
  const { life } = order;
  const placed = life.phase === 'placed';
  const total = totalOf(order);
  const refused = life.phase === 'failed' ? refusedPriceOf(order.failure) : undefined;
  // While a cancellation is under way, that is the order's news, not "Placed".
  const headline = life.cancellation?.underWay
    ? t('popup_cancellingHeadline')
    : orderStateLabel(life.shown);
  return (
    <>
      <div class={`status s-${life.shown}`} role="status" aria-live="polite">
        <strong>{headline}</strong>
        {placed && total && <span> · {total}</span>}
        {placed && numbers && order.merchantOrderIds.length > 0 && (
          <span> · {order.merchantOrderIds.join(', ')}</span>
        )}
        {life.phase === 'failed' && order.failure && <p>{failureWords(order.failure)}</p>}
        {refused && (
          <p class="figures">
            {t(
              'popup_priceAbove',
              money(refused.price, order.currency),
              money(refused.maximum, order.currency),
            )}
          </p>
        )}
        {life.trouble && <p class="hint">{life.trouble}</p>}
        {life.unavailable && <p class="hint">{life.unavailable}</p>}
      </div>
      <UsualPlacingTime order={order} now={Date.now()} />
    </>
  );
}

/** Says which parts of the service's answer could not be read, so nothing is silently missing. */
export function UnreadableNote({ parts }: { parts: readonly string[] }) {
  if (parts.length === 0) return null;
  return <p class="hint unreadable">{t('popup_unreadable', parts.join(', '))}</p>;
}

/**
 * One order read live, again at each change announced to it (`given`: as the view has it,
 * not read first). A failed order on screen is seen: it stops counting on the badge.
 */
export function useOrderDetail(localId: string, given?: OrderView) {
  const connector = useConnector();
  const detail = useBackground(
    (c) => c.call('order.get', { localId }),
    ['orders'],
    [localId],
    (notice) => !notice.orderIds || notice.orderIds.includes(localId),
    given && { order: given, cancellations: [], events: [] },
  );
  const unseen = detail.data?.order.life.unseen ? localId : undefined;
  useEffect(() => {
    if (unseen) connector.call('orders.seen', { localIds: [unseen] }).catch(() => undefined);
  }, [unseen]);
  // An action's reply: the order as it is now, with what else the reply says.
  const answer = (reply: Answer) =>
    detail.show({ cancellations: [], events: [], ...detail.data, ...reply });
  return { ...detail, answer };
}

type Answer = Partial<OrderDetail> & Pick<OrderDetail, 'order'>;

/**
 * What the background says can be done with an order now: Cancel order while it is not
 * yet placed (with what that means there), the check of an order that may exist before
 * anything else, Refresh and Order again, then the view's own buttons. A reply shows the
 * order as it is now.
 */
export function OrderActions(props: {
  order: OrderView;
  onAnswer: (reply: Answer) => void;
  onUndone: () => void;
  onRetry?: ((order: OrderView) => void) | undefined;
  refresh?: boolean;
  children?: ComponentChildren;
}) {
  const connector = useConnector();
  const { order, onAnswer } = props;
  const { actions } = order.life;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const uncertain = outcomeUncertain(order);
  const refresh = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const reply = await connector.call('order.refresh', { localId: order.localId });
      if (reply?.order) onAnswer({ ...reply, order: reply.order });
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  const retry = actions.retry && props.onRetry;
  return (
    <>
      <StopOrder order={order} onAnswer={onAnswer} onUndone={props.onUndone} />
      {uncertain && <CheckOrder order={order} />}
      {retry && (
        <p class="hint">{t(uncertain ? 'popup_orderAgainAfterCheck' : 'popup_orderAgainKeeps')}</p>
      )}
      <div class="row">
        {actions.refresh && props.refresh && (
          <button type="button" disabled={busy} onClick={refresh}>
            {t('popup_refresh')}
          </button>
        )}
        {retry &&
          // Secondary where the order may exist: checking comes first.
          button(
            t('popup_orderAgain'),
            () => props.onRetry?.(order),
            uncertain ? undefined : 'primary',
          )}
        {props.children}
      </div>
      <ErrorText error={error} />
    </>
  );
}

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * A typical duration in the unit a buyer would say it in, rounded: seconds up to a
 * minute and a half, minutes up to an hour and a half, hours beyond ("40 seconds",
 * "2 minutes", "3 hours"), as the browser's language writes units.
 */
export function roughDuration(ms: number, locale = userLocale()): string {
  const [value, unit] =
    ms < 90 * SECOND
      ? [Math.max(1, Math.round(ms / SECOND)), 'second']
      : ms < 90 * MINUTE
        ? [Math.round(ms / MINUTE), 'minute']
        : [Math.round(ms / HOUR), 'hour'];
  return numberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/**
 * Slower than usual: more than twice the usual time, and by a minute at least, so that
 * an order of a storefront that usually takes seconds is not called slow for a few more.
 */
export function slowerThanUsual(elapsedMs: number, medianMs: number): boolean {
  return elapsedMs > 2 * medianMs && elapsedMs - medianMs >= MINUTE;
}

/**
 * While an order is being placed: how long placing usually takes at its storefront (the
 * median of the buyer's last placed orders there, once five) and whether this one is much
 * slower. The background answers, asked again at each state; an answer shows only for the
 * state it was asked in. `now` is the showing view's clock.
 */
export function UsualPlacingTime(props: {
  order: Pick<OrderRecord, 'localId' | 'state'>;
  now: number;
}) {
  const { localId, state } = props.order;
  const { data } = useBackground(
    async (connector) => ({
      state,
      reply: await connector.call('orders.usualPlacingTime', { localId }),
    }),
    [],
    [localId, state],
  );
  if (!data || data.state !== state || !data.reply.beingPlaced) return null;
  const { retailer, since, count, medianMs } = data.reply;
  if (medianMs === undefined) return null;
  const slow = slowerThanUsual(props.now - since, medianMs);
  return (
    <p class="hint usual-placing">
      {t('popup_usualPlacing', retailerName(retailer), roughDuration(medianMs), formatCount(count))}
      {slow && <strong> {t('popup_usualPlacingSlow')}</strong>}
    </p>
  );
}
