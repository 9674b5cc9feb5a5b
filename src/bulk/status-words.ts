import type { BatchOrderView, BatchStage } from '../shared/bulk/types.ts';
import { type MessageKey, t } from '../shared/i18n.ts';
import type { OrderState } from '../shared/order-record.ts';

const ORDER_STATES: Record<OrderState, MessageKey> = {
  held: 'bulk_stateHeld',
  sending: 'bulk_stateSending',
  awaiting_token: 'bulk_stateAwaitingToken',
  unconfirmed: 'bulk_stateUnconfirmed',
  processing: 'bulk_stateProcessing',
  placed: 'bulk_statePlaced',
  partly_cancelled: 'bulk_statePartlyCancelled',
  cancelled: 'bulk_stateCancelled',
  failed: 'bulk_stateFailed',
};

/** An order of a batch in words: its record's state when it has one, else what became of its row. */
export function orderStatusText(order: BatchOrderView, paused = false): string {
  if (order.state !== undefined) {
    const key = ORDER_STATES[order.state] as MessageKey | undefined;
    // A state Buyline does not know yet (a newer service) is shown as it came, never hidden.
    return key ? t(key) : order.state;
  }
  if (order.status === 'waiting')
    return t(paused ? 'bulk_statusNotSentPaused' : 'bulk_statusWaiting');
  if (order.status === 'refused') return t('bulk_statusRefused');
  if (order.status === 'cancelled') return t('bulk_statusCancelled');
  return t('bulk_statusUndone');
}

/** A batch as a whole, in words. */
export const STAGE_WORDS: Record<BatchStage, MessageKey> = {
  placing: 'bulk_batchRunning',
  paused: 'bulk_batchPaused',
  finishing: 'bulk_batchFinishing',
  finished: 'bulk_batchFinished',
  stopped: 'bulk_batchStopped',
};
