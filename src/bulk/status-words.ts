import type { BatchOrderView, BatchState } from '../shared/bulk/types.ts';

const ORDER_STATES: Record<string, string> = {
  held: 'Held (sent in a moment)',
  sending: 'Sending',
  unconfirmed: 'Checking with the service',
  processing: 'Being placed',
  placed: 'Placed',
  partly_cancelled: 'Placed, partly cancelled',
  cancelled: 'Placed, then cancelled',
  failed: 'Failed',
};

/** An order of a batch, in words. */
export function orderStatusText(order: BatchOrderView): string {
  if (order.status === 'waiting') return 'Waiting';
  if (order.status === 'refused') return 'Not placed: fix the problems';
  if (order.status === 'cancelled') return 'Cancelled (never sent)';
  if (order.state === undefined) return 'Undone (never sent)';
  return ORDER_STATES[order.state] ?? order.state;
}

export const BATCH_STATES: Record<BatchState, string> = {
  running: 'Placing',
  paused: 'Paused',
  stopped: 'The rest was cancelled',
  done: 'Every order was handed over',
};

/** Whether an order failed in a way the user can fix and place again. */
export function canFix(order: BatchOrderView): boolean {
  return (
    order.retriedBy === undefined &&
    (order.status === 'refused' || (order.status === 'handed' && order.state === 'failed'))
  );
}
