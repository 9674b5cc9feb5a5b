import { t } from '../shared/i18n.ts';
import {
  CANCELLATION_STATES,
  type CancellationState,
  type Failure,
  ORDER_STATES,
  type OrderRecord,
  type OrderState,
} from '../shared/order-record.ts';

/**
 * The state an order is shown in: its own, or `check` for a failure after which the
 * order may exist at the retailer all the same (`order_probably_placed`): the buyer must
 * look there before ordering again, so it is never shown as a plain failure.
 */
export type ShownState = OrderState | 'check';

export function shownState(order: Pick<OrderRecord, 'state' | 'failure'>): ShownState {
  return order.state === 'failed' && order.failure?.needsCheck ? 'check' : order.state;
}

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
