import { t } from '../shared/i18n.ts';
import {
  CANCELLATION_STATES,
  type CancellationState,
  type Failure,
  ORDER_STATES,
  type OrderState,
} from '../shared/order-record.ts';
import type { OrderView, ShownState } from '../shared/protocol.ts';

/**
 * A state in words. Each state has its own words and its own colour (`.s-<state>` in
 * base.css); the key is made from the state, so a state without its message in
 * messages.json fails to compile. A state this version does not know is shown as it came.
 */
export function orderStateLabel(state: string): string {
  const key = `popup_state_${state as ShownState}` as const;
  return state === 'check' || ORDER_STATES.includes(state as OrderState) ? t(key) : state;
}

export function cancellationStateLabel(state: string): string {
  const key = `popup_cancel_${state as CancellationState}` as const;
  return CANCELLATION_STATES.includes(state as CancellationState) ? t(key) : state;
}

/** Why an order failed, in a few words: the explanation's first sentence, once stopped. */
export const reasonOf = (failure: Failure) => failure.title.replace(/([.!?])\.$/, '$1');

/**
 * An order's latest cancellation in words, while it is under way or when the retailer
 * refused it ("Cancellation refused: …"); nothing once it went through, since the
 * order's own state then says Cancelled.
 */
export function cancellationLine(order: OrderView): string | undefined {
  const cancellation = order.life.cancellation;
  if (!cancellation || !(cancellation.underWay || cancellation.refused)) return undefined;
  const label = cancellationStateLabel(cancellation.state);
  return cancellation.reason ? `${label}: ${cancellation.reason.replace(/\.$/, '')}` : label;
}
