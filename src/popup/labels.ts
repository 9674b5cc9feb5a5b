import type { CancellationState, OrderState } from '../shared/order-record.ts';

export const ORDER_STATE_LABELS: Record<OrderState, string> = {
  sending: 'Sending',
  unconfirmed: 'Unconfirmed: checking with the service',
  processing: 'Processing',
  placed: 'Placed',
  failed: 'Failed',
};

export const CANCELLATION_STATE_LABELS: Record<CancellationState, string> = {
  sending: 'Sending cancellation',
  unconfirmed: 'Cancellation unconfirmed',
  processing: 'Cancellation processing',
  attempting_to_cancel: 'Attempting to cancel',
  cancelled: 'Cancelled',
  failed: 'Cancellation failed',
};
