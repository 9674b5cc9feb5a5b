import type { CancellationState, OrderState } from '../shared/order-record.ts';

// The states of one order life, named for the buyer. Keyed by every state, so a state
// without a label fails to compile.
export const ORDER_STATE_LABELS: Record<OrderState, string> = {
  held: 'Held: sending soon',
  sending: 'Sending',
  unconfirmed: 'Unconfirmed: checking with the service',
  processing: 'Processing',
  placed: 'Placed',
  partly_cancelled: 'Partly cancelled',
  cancelled: 'Cancelled',
  failed: 'Failed',
};

/** A state's label; a state this version does not know is shown as it came. */
export function orderStateLabel(state: string): string {
  return ORDER_STATE_LABELS[state as OrderState] ?? state;
}

export const CANCELLATION_STATE_LABELS: Record<CancellationState, string> = {
  sending: 'Sending cancellation',
  unconfirmed: 'Cancellation unconfirmed',
  processing: 'Cancellation processing',
  attempting_to_cancel: 'Attempting to cancel',
  cancelled: 'Cancelled',
  failed: 'Cancellation failed',
};

export function cancellationStateLabel(state: string): string {
  return CANCELLATION_STATE_LABELS[state as CancellationState] ?? state;
}
