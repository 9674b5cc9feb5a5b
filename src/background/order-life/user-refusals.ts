/**
 * What the user is told, in a sentence, when an action of theirs (undo, abort, cancel)
 * does not apply to the order's state. The order's table (order-life.ts) decides; this
 * only words its refusals.
 */
import { t } from '../../shared/i18n.ts';
import type { OrderState } from '../../shared/order-record.ts';
import type { OrderEventName } from './order-life.ts';

export const USER_REFUSALS: Partial<Record<OrderEventName, Partial<Record<OrderState, string>>>> = {
  undo: {
    sending: t('bg_undoBeingSent'),
    awaiting_token: t('bg_awaitingTokenRefusal'),
    unconfirmed: t('bg_undoSent'),
    processing: t('bg_undoProcessing'),
    placed: t('bg_undoPlaced'),
    partly_cancelled: t('bg_undoPlaced'),
    cancelled: t('bg_orderAlreadyCancelled'),
    failed: t('bg_orderEnded'),
  },
  abort: {
    held: t('bg_notSentYet'),
    sending: t('bg_abortStillSending'),
    awaiting_token: t('bg_awaitingTokenRefusal'),
    unconfirmed: t('bg_abortStillSending'),
    placed: t('bg_abortPlaced'),
    partly_cancelled: t('bg_abortPlaced'),
    cancelled: t('bg_orderAlreadyCancelled'),
    failed: t('bg_orderEnded'),
  },
  cancel: {
    held: t('bg_notSentYet'),
    sending: t('bg_cancelOnlyPlaced'),
    awaiting_token: t('bg_awaitingTokenRefusal'),
    unconfirmed: t('bg_cancelOnlyPlaced'),
    processing: t('bg_cancelOnlyPlaced'),
    cancelled: t('bg_cancelAllCancelled'),
    failed: t('bg_cancelFailed'),
  },
};
