/**
 * THE CANCELLATION STATE TABLE: state → event → next state, for one cancellation of one
 * merchant order (its diagram is in order-life.ts, beside the order's). Pure.
 */
import { t } from '../../shared/i18n.ts';
import type { CancellationState } from '../../shared/order-record.ts';
import { eventsOf, type Transition } from './order-life.ts';

/** A pair not here is refused. */
const CANCELLATION_ROWS = {
  sending: {
    accepted: 'processing',
    post_unknown: 'sending',
    post_gave_up: 'unconfirmed',
    post_refused: 'failed',
    post_already_exists: 'unconfirmed',
    token_ready: 'sending',
    waited: 'sending',
  },
  unconfirmed: {
    accepted: 'processing',
    post_unknown: 'unconfirmed',
    post_refused: 'failed',
    post_already_exists: 'unconfirmed',
    token_ready: 'unconfirmed',
    waited: 'unconfirmed',
  },
  processing: {
    read_processing: 'processing',
    read_attempting: 'attempting_to_cancel',
    read_cancelled: 'cancelled',
    read_failed: 'failed',
    token_ready: 'processing',
    waited: 'processing',
  },
  attempting_to_cancel: {
    read_attempting: 'attempting_to_cancel',
    read_cancelled: 'cancelled',
    read_failed: 'failed',
    token_ready: 'attempting_to_cancel',
    waited: 'attempting_to_cancel',
  },
  cancelled: {},
  failed: {},
} as const satisfies Record<CancellationState, Record<string, CancellationState>>;

export type CancellationEventName = {
  [S in CancellationState]: keyof (typeof CANCELLATION_ROWS)[S];
}[CancellationState];
export const CANCELLATION_TABLE: Record<
  CancellationState,
  Partial<Record<CancellationEventName, CancellationState>>
> = CANCELLATION_ROWS;
export const CANCELLATION_EVENTS = eventsOf(CANCELLATION_TABLE);

export function cancellationTransition(
  state: CancellationState,
  event: CancellationEventName,
): Transition<CancellationState> {
  const to = CANCELLATION_TABLE[state][event];
  if (to !== undefined) return { to };
  const decided = state === 'cancelled' || state === 'failed';
  return {
    refused: decided ? t('bg_cancellationDecided') : t('bg_cancellationEventRefused', state, event),
  };
}
