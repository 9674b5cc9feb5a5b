/**
 * The life of a bulk batch and of each of its rows, beside the order's own tables
 * (order-life/). Pure. A row handed over is an order of the one engine: its record says
 * where it is; the row's mark only says what the batch decided about it.
 *
 * BATCH      running ── handed_all ──► done
 *              │  ▲                     │ (only while orders are held)
 *  pause,      │  │ resume              │ pause / cancel_rest
 *  vault_trouble ▼  │                   ▼
 *             paused ── cancel_rest ──► stopped ◄── cancel_rest ── running
 *
 * ROW        waiting ── hand_over ──► handed ── take_back (held, on pause) ──► waiting
 *              │ refuse    │ cancel             │ cancel (held, on "Cancel the rest")
 *              ▼           ▼                    ▼
 *           refused     cancelled ◄─────────────┘
 */
import type { BatchOrderStatus, BatchState } from '../../shared/bulk/types.ts';

export const BATCH_EVENTS = [
  /** The buyer pauses: nothing more is handed over, held orders are taken back. */
  'pause',
  /** The buyer resumes a paused batch. */
  'resume',
  /** The buyer cancels the rest: rows not sent are never sent. */
  'cancel_rest',
  /** Every row was handed over (or refused, or cancelled). */
  'handed_all',
  /** The vault locked, or an item the batch orders with is gone: only the buyer can help. */
  'vault_trouble',
] as const;
export type BatchEvent = (typeof BATCH_EVENTS)[number];

/** THE BATCH STATE TABLE: state → event → next state; a pair not here is refused. */
const BATCH_TABLE: Record<BatchState, Partial<Record<BatchEvent, BatchState>>> = {
  running: {
    pause: 'paused',
    cancel_rest: 'stopped',
    handed_all: 'done',
    vault_trouble: 'paused',
  },
  paused: { resume: 'running', cancel_rest: 'stopped' },
  // Everything was handed over, yet orders still in the hold can be taken back.
  done: { pause: 'paused', cancel_rest: 'stopped' },
  stopped: {},
};

/** The batch's next state on `event`, or undefined when the event does not apply. */
export function batchTransition(state: BatchState, event: BatchEvent): BatchState | undefined {
  return BATCH_TABLE[state][event];
}

export const ROW_EVENTS = [
  /** Placement has the row's order (it made it now, or had it already). */
  'hand_over',
  /** Placement refused the row's request: nothing was sent. */
  'refuse',
  /** A held order is taken back on pause: the row waits for Resume. */
  'take_back',
  /** Cancelled with the rest: a row not handed over, or one whose order was held. */
  'cancel',
] as const;
export type RowEvent = (typeof ROW_EVENTS)[number];

/** THE ROW TABLE: mark → event → next mark; a pair not here is refused. */
const ROW_TABLE: Record<BatchOrderStatus, Partial<Record<RowEvent, BatchOrderStatus>>> = {
  waiting: { hand_over: 'handed', refuse: 'refused', cancel: 'cancelled' },
  handed: { take_back: 'waiting', cancel: 'cancelled' },
  refused: {},
  cancelled: {},
};

/** The row's next mark on `event`, or undefined when the event does not apply. */
export function rowTransition(
  mark: BatchOrderStatus,
  event: RowEvent,
): BatchOrderStatus | undefined {
  return ROW_TABLE[mark][event];
}
