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
    sending: 'It is already being sent: abort it once the service has it.',
    awaiting_token: t('bg_awaitingTokenRefusal'),
    unconfirmed: 'It was already sent: abort it once the service has it.',
    processing: 'It was already sent: abort it instead, while it is still being placed.',
    placed: 'It is already placed: cancel it instead.',
    partly_cancelled: 'It is already placed: cancel it instead.',
    cancelled: 'This order is already cancelled.',
    failed: 'This order already ended.',
  },
  abort: {
    held: 'It has not been sent yet: undo it instead.',
    sending: 'This order is still being sent; abort it in a moment, once the service has it.',
    awaiting_token: t('bg_awaitingTokenRefusal'),
    unconfirmed: 'This order is still being sent; abort it in a moment, once the service has it.',
    placed: 'This order is already placed: cancel it instead.',
    partly_cancelled: 'This order is already placed: cancel it instead.',
    cancelled: 'This order is already cancelled.',
    failed: 'This order already ended.',
  },
  cancel: {
    held: 'It has not been sent yet: undo it instead.',
    sending: 'Only a placed order can be cancelled. Abort an order that is still being placed.',
    awaiting_token: t('bg_awaitingTokenRefusal'),
    unconfirmed: 'Only a placed order can be cancelled. Abort an order that is still being placed.',
    processing: 'Only a placed order can be cancelled. Abort an order that is still being placed.',
    cancelled: 'Every merchant order of this order is already cancelled.',
    failed: 'This order failed: there is nothing to cancel.',
  },
};
