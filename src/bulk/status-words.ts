import type { BatchOrderView, BatchState } from '../shared/bulk/types.ts';
import type { MessageKey } from '../shared/i18n.ts';
import { t } from '../shared/i18n.ts';

const ORDER_STATES: Record<string, MessageKey> = {
  held: 'bulk_stateHeld',
  sending: 'bulk_stateSending',
  unconfirmed: 'bulk_stateUnconfirmed',
  processing: 'bulk_stateProcessing',
  placed: 'bulk_statePlaced',
  partly_cancelled: 'bulk_statePartlyCancelled',
  cancelled: 'bulk_stateCancelled',
  failed: 'bulk_stateFailed',
};

/** An order of a batch, in words. */
export function orderStatusText(order: BatchOrderView): string {
  if (order.status === 'waiting') return t('bulk_statusWaiting');
  if (order.status === 'refused') return t('bulk_statusRefused');
  if (order.status === 'cancelled') return t('bulk_statusCancelled');
  if (order.state === undefined) return t('bulk_statusUndone');
  const key = ORDER_STATES[order.state];
  // A state Buyline does not know yet (a newer service) is shown as it came, never hidden.
  return key ? t(key) : order.state;
}

const BATCH_STATES: Record<BatchState, MessageKey> = {
  running: 'bulk_batchRunning',
  paused: 'bulk_batchPaused',
  stopped: 'bulk_batchStopped',
  done: 'bulk_batchDone',
};

/** A batch's state, in words. */
export function batchStateText(state: BatchState): string {
  return t(BATCH_STATES[state]);
}

/** Whether an order failed in a way the user can fix and place again. */
export function canFix(order: BatchOrderView): boolean {
  return (
    order.retriedBy === undefined &&
    (order.status === 'refused' || (order.status === 'handed' && order.state === 'failed'))
  );
}
