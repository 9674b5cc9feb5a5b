/**
 * The life of one order and of one cancellation: every state, every event, and which
 * state each event leads to. Pure (no extension APIs, no clock): callers compute every
 * change through `orderTransition` / `cancellationTransition` (record-level helpers in
 * order-changes.ts and cancellation-changes.ts), and one write path
 * (src/background/changes.ts) stores it. When the next step is due is decided by one
 * table too: timing.ts.
 *
 * To follow one order from the click to its cancellation: placement.ts (the click,
 * `newOrder`), scheduler.ts (the rounds), order-steps.ts (hold's end, POST, search,
 * reads), tracking-watch.ts (placed orders through the list), cancellation-steps.ts,
 * and changes.ts (the one write path, which tells pages, the user and the badge).
 *
 * ORDER                                 the click
 *                                           │
 *                 undo ◄──────────────── held ── hold_ended ──► sending ── token_refused ──► awaiting_token
 *              (removed,                                     │   │   ▲   (401: nothing placed)    │
 *             nothing sent)                                  │   │   └──────── token_ready ───────┘
 *                                                            │   │ post_unknown  (a token saved, or Refresh)
 *                                                            │   │ (same key, 1 s, 2 s, 4 s)
 *                        post_gave_up, post_already_exists ◄─┘   │ accepted
 *                                           │                    │
 *                                       unconfirmed ─ accepted ─► processing (or, found
 *                                           in the list already placed: read_placed)
 *                                                                              │
 *                     failed ◄── post_refused / read_failed / unknown_id ──────┤ read_placed
 *                                                                              ▼
 *             cancelled ◄── all_cancelled ── partly_cancelled ◄── some_cancelled ── placed
 *
 * `awaiting_token`: the POST was refused for its token, so nothing was placed; nothing is
 * due until a token is saved (token-wait.ts), then it goes out under its same key.
 * `post_already_exists`: a resend answered 409 `already_exists` without a request id.
 * The service has the order and only its answer is lost (decisions.md, "Duplicate
 * protection"): it is looked for in the service's list, never failed for it, never
 * sent again. The same answer with a request id is `accepted`.
 *
 * A PLACED ORDER NEVER GOES BACK: once placed (or partly cancelled, or cancelled) no
 * event makes it sending, processing or failed again. This is enforced once, in
 * `orderTransition`, whatever the table says.
 *
 * CANCELLATION   sending ─ accepted ─► processing ─ read_attempting ─► attempting_to_cancel
 *                   │ post_gave_up,         │ read_cancelled / read_failed       │
 *                   │ post_already_exists   │                                    │
 *                   ▼                       ▼                                    ▼
 *               unconfirmed            cancelled | failed  ◄─────────────────────┘
 * A decided cancellation (cancelled, failed) never changes again.
 */
import { t } from '../../shared/i18n.ts';
import type { CancellationState, OrderState } from '../../shared/order-record.ts';
import { PLACED_ORDER_STATES } from '../../shared/order-record.ts';
import { USER_REFUSALS } from './user-refusals.ts';

/** What can happen to an order, whoever notices it. */
export const ORDER_EVENTS = [
  /** The hold before sending is over. */
  'hold_ended',
  /** The user takes back a held order. */
  'undo',
  /** The POST was answered with a request id. */
  'accepted',
  /** The POST's outcome is unknown; it will be resent under the same key. */
  'post_unknown',
  /** The POST's outcome stays unknown (retries spent, body lost, or no idempotency key). */
  'post_gave_up',
  /** The service refused the POST: nothing was placed. */
  'post_refused',
  /** The POST was answered `already_exists` without a request id: accepted, answer lost. */
  'post_already_exists',
  /** The service rejected the token on the POST (401): nothing was placed. */
  'token_refused',
  /** A token was saved (or the buyer asked to refresh): what waited for one goes on now. */
  'token_ready',
  /** A read (GET, abort answer or the list) says: still processing. */
  'read_processing',
  /** A read says: placed (also every later read of a placed order, for its tracking). */
  'read_placed',
  /** A read says: failed. */
  'read_failed',
  /** The service does not know the request id. */
  'unknown_id',
  /** Looked for in the service's list and not found yet. */
  'not_listed',
  /** Not found in the list for too long: given up. */
  'reconcile_gave_up',
  /** The user asks to abort an order being placed. */
  'abort',
  /** The user asks to cancel a merchant order of a placed order. */
  'cancel',
  /** A cancellation succeeded and other merchant orders remain. */
  'some_cancelled',
  /** A cancellation succeeded and every merchant order is now cancelled. */
  'all_cancelled',
  /** A step met transient trouble (network, 5xx, 401, 429): same state, retried later. */
  'waited',
] as const;
export type OrderEventName = (typeof ORDER_EVENTS)[number];

/** Undo takes a held order out of the history altogether. */
export const REMOVED = 'removed' as const;
export type OrderTarget = OrderState | typeof REMOVED;

/**
 * THE ORDER STATE TABLE: state → event → next state. A pair that is not here is
 * refused (see `orderRefusal` for what the user is told).
 */
export const ORDER_TABLE: Record<OrderState, Partial<Record<OrderEventName, OrderTarget>>> = {
  held: { hold_ended: 'sending', undo: REMOVED },
  sending: {
    accepted: 'processing',
    post_unknown: 'sending',
    post_gave_up: 'unconfirmed',
    post_refused: 'failed',
    post_already_exists: 'unconfirmed',
    token_refused: 'awaiting_token',
    token_ready: 'sending',
    read_processing: 'processing',
    read_placed: 'placed',
    read_failed: 'failed',
    waited: 'sending',
  },
  // Nothing is due until a token is saved; an earlier send of it that the service did
  // carry out may still be found (a sync) and is taken as it is.
  awaiting_token: {
    token_ready: 'sending',
    read_processing: 'processing',
    read_placed: 'placed',
    read_failed: 'failed',
  },
  unconfirmed: {
    accepted: 'processing',
    post_unknown: 'unconfirmed',
    post_refused: 'failed',
    post_already_exists: 'unconfirmed',
    // Its earlier sends may have been carried out: it stays unconfirmed, and a saved
    // token wakes it at once.
    token_refused: 'unconfirmed',
    token_ready: 'unconfirmed',
    read_processing: 'processing',
    read_placed: 'placed',
    read_failed: 'failed',
    not_listed: 'unconfirmed',
    reconcile_gave_up: 'failed',
    waited: 'unconfirmed',
  },
  processing: {
    read_processing: 'processing',
    read_placed: 'placed',
    read_failed: 'failed',
    unknown_id: 'failed',
    abort: 'processing',
    token_ready: 'processing',
    waited: 'processing',
  },
  placed: {
    read_placed: 'placed',
    unknown_id: 'placed',
    cancel: 'placed',
    some_cancelled: 'partly_cancelled',
    all_cancelled: 'cancelled',
    waited: 'placed',
  },
  partly_cancelled: {
    read_placed: 'partly_cancelled',
    unknown_id: 'partly_cancelled',
    cancel: 'partly_cancelled',
    some_cancelled: 'partly_cancelled',
    all_cancelled: 'cancelled',
    waited: 'partly_cancelled',
  },
  cancelled: {
    read_placed: 'cancelled',
    unknown_id: 'cancelled',
    all_cancelled: 'cancelled',
  },
  // A local failure (a refused POST, an unknown id) gives way to the service's word
  // that the order was placed after all.
  failed: { read_placed: 'placed', read_failed: 'failed', unknown_id: 'failed' },
};

export type Transition<S extends string> = { to: S } | { refused: string };

function placedFamily(state: string): boolean {
  return (PLACED_ORDER_STATES as readonly string[]).includes(state);
}

/** Events that keep or put an order among those not yet placed (from the table). */
const UNPLACED_EVENTS = new Set(
  Object.entries(ORDER_TABLE).flatMap(([from, row]) =>
    placedFamily(from)
      ? []
      : Object.entries(row).flatMap(([event, to]) =>
          to !== REMOVED && !placedFamily(to) ? [event] : [],
        ),
  ),
);

/** The next state of an order on `event`, or why the event does not apply. */
export function orderTransition(state: OrderState, event: OrderEventName): Transition<OrderTarget> {
  const to = ORDER_TABLE[state][event];
  // Stated once: a placed order never goes back.
  const back = to === undefined ? UNPLACED_EVENTS.has(event) : !placedFamily(to);
  const userRefusal = USER_REFUSALS[event]?.[state];
  if (to === undefined && userRefusal) return { refused: userRefusal };
  if (placedFamily(state) && back) return { refused: t('bg_placedNeverGoesBack') };
  if (to === undefined) return { refused: t('bg_orderEventRefused', state, event) };
  return { to };
}

/** What can happen to a cancellation. */
export const CANCELLATION_EVENTS = [
  'accepted',
  'post_unknown',
  'post_gave_up',
  'post_refused',
  /** Answered `already_exists` without a request id: sent, its answer lost. */
  'post_already_exists',
  /** A token was saved: a step that waited on a rejected token runs now. */
  'token_ready',
  'read_processing',
  'read_attempting',
  'read_cancelled',
  'read_failed',
  'waited',
] as const;
export type CancellationEventName = (typeof CANCELLATION_EVENTS)[number];

/** THE CANCELLATION STATE TABLE; a pair not here is refused. */
export const CANCELLATION_TABLE: Record<
  CancellationState,
  Partial<Record<CancellationEventName, CancellationState>>
> = {
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
};

export function cancellationTransition(
  state: CancellationState,
  event: CancellationEventName,
): Transition<CancellationState> {
  const to = CANCELLATION_TABLE[state][event];
  if (to === undefined) {
    return {
      refused:
        state === 'cancelled' || state === 'failed'
          ? t('bg_cancellationDecided')
          : t('bg_cancellationEventRefused', state, event),
    };
  }
  return { to };
}
