/**
 * The life of one order and of one cancellation: every state, every event, and which
 * state each event leads to. Pure. Around these tables, one order from the click to
 * its cancellation passes through these files, in this order:
 *   1. src/popup/order-view.tsx: Place order sends the draft (`order.place`)
 *   2. src/ui/connector.ts: the one way a page asks the background
 *   3. src/background/pages/router.ts: the background's one map of handlers
 *   4. src/background/placing/placement.ts: the draft becomes a checked request
 *   5. src/background/order-life/new-order.ts: the held record it starts as
 *   6. src/background/history/changes.ts: the one write path, which tells pages,
 *      the badge and notifications once
 *   7. src/background/history/history-store.ts: the history in IndexedDB
 *   8. src/background/rounds/scheduler.ts: the rounds, woken by the clock
 *   9. src/background/rounds/order-steps.ts: the step each state runs (phases.ts says which)
 *  10. src/background/rounds/service-gate.ts: the one gate to the service
 *  11. src/api/client.ts: the one client of the service
 *  12. src/background/order-life/order-changes.ts: the record after each event
 *  13. this file: whether the event applies, and the state it leads to
 *  14. src/background/order-life/phases.ts: what each state means to the rest
 *  15. src/background/telling/notifier.ts: what the buyer is told
 *  16. src/background/order-life/order-answers.ts: what pages are given (`life`)
 *  17. src/popup/order-detail.tsx: Cancel, then its confirmation (`order.cancel`)
 *  18. src/background/pages/order-requests.ts: what pages ask of an order
 *  19. src/background/rounds/cancellation-steps.ts: the cancellation sent, then read
 *  20. src/background/order-life/life-change.ts: the cancellation after each event
 * timing.ts says when each next step is due; cancellation-life.ts is the cancellation's
 * table, and cancellation-phases.ts says where a cancellation stands.
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
 * `awaiting_token`: a POST refused for its token placed nothing; nothing is due until a
 * token is saved, then it goes out under its same key. `post_already_exists`: a resend
 * answered 409 `already_exists` without a request id; the service has the order and
 * only its answer is lost (decisions.md, "Duplicate protection"), so it is looked for
 * in the list, never failed for it, never sent again. `withdraw`: the buyer stops an
 * order not yet placed (being sent, waiting for a token, or looked for); it fails as
 * withdrawn, with the honest caveat where a send may have been carried out
 * (`WITHDRAWN_MAY_BE_PLACED`), and a send already on its way that the service accepts
 * brings it back (`failed` takes `accepted`).
 *
 * A PLACED ORDER NEVER GOES BACK to sending, processing or failed, whatever the table
 * says: enforced once, in `orderTransition`.
 *
 * CANCELLATION   sending ─ accepted ─► processing ─ read_attempting ─► attempting_to_cancel
 *                   │ post_gave_up,         │ read_cancelled / read_failed       │
 *                   │ post_already_exists   │                                    │
 *                   ▼                       ▼                                    ▼
 *               unconfirmed            cancelled | failed  ◄─────────────────────┘
 * A decided cancellation (cancelled, failed) never changes again.
 */
import { t } from '../../shared/i18n.ts';
import type { OrderState } from '../../shared/order-record.ts';
import { isPlaced } from './phases.ts';

/** Undo takes a held order out of the history altogether. */
export const REMOVED = 'removed' as const;
export type OrderTarget = OrderState | typeof REMOVED;

/**
 * THE ORDER STATE TABLE: state → event → next state. A pair that is not here is
 * refused (`orderTransition` says in words why). OrderEvent (order-changes.ts) says
 * what each event carries.
 */
const ORDER_ROWS = {
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
    withdraw: 'failed',
  },
  // Nothing is due until a token is saved; an earlier send of it that the service did
  // carry out may still be found (a sync) and is taken as it is.
  awaiting_token: {
    token_ready: 'sending',
    read_processing: 'processing',
    read_placed: 'placed',
    read_failed: 'failed',
    withdraw: 'failed',
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
    withdraw: 'failed',
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
  // A local failure (a refused POST, an unknown id, the buyer's withdrawal) gives way to
  // the service's word that the order was placed after all, or that it has it: a send
  // already on its way when the buyer withdrew may still be answered.
  failed: {
    accepted: 'processing',
    read_placed: 'placed',
    read_failed: 'failed',
    unknown_id: 'failed',
  },
} as const satisfies Record<OrderState, Record<string, OrderTarget>>;

/**
 * Whether an order the buyer withdraws may exist at the service all the same: every
 * state `withdraw` leaves, and nothing else. Waiting for a token, its last send was
 * refused for the token, so nothing was placed; being sent or looked for, a send may
 * have been carried out and only its answer is missing.
 */
export const WITHDRAWN_MAY_BE_PLACED = {
  sending: true,
  awaiting_token: false,
  unconfirmed: true,
} as const satisfies {
  [S in OrderState as 'withdraw' extends keyof (typeof ORDER_ROWS)[S] ? S : never]: boolean;
};

/** What can happen to an order, whoever notices it: every event some state takes. */
export type OrderEventName = { [S in OrderState]: keyof (typeof ORDER_ROWS)[S] }[OrderState];
export const ORDER_TABLE: Record<
  OrderState,
  Partial<Record<OrderEventName, OrderTarget>>
> = ORDER_ROWS;
export const ORDER_EVENTS = eventsOf(ORDER_TABLE);

/** What the user is told when an action of theirs does not apply to the order's state. */
const USER_REFUSALS: Partial<Record<OrderEventName, Partial<Record<OrderState, string>>>> = {
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
  withdraw: {
    held: t('bg_notSentYet'),
    processing: t('bg_withdrawProcessing'),
    placed: t('bg_abortPlaced'),
    partly_cancelled: t('bg_abortPlaced'),
    cancelled: t('bg_orderAlreadyCancelled'),
    failed: t('bg_orderEnded'),
  },
};

export type Transition<S extends string> = { to: S } | { refused: string };

/** Every event a table names, once. */
export function eventsOf<E extends string>(table: Record<string, Partial<Record<E, string>>>): E[] {
  return [...new Set(Object.values(table).flatMap((row) => Object.keys(row) as E[]))];
}

const placedFamily = (state: OrderTarget) => state !== REMOVED && isPlaced(state);

/** Events that keep or put an order among those not yet placed (from the table). */
const UNPLACED_EVENTS = new Set(
  Object.entries(ORDER_TABLE).flatMap(([from, row]) =>
    placedFamily(from as OrderState)
      ? []
      : Object.entries(row).flatMap(([event, to]) =>
          to !== REMOVED && !placedFamily(to) ? [event] : [],
        ),
  ),
);

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
