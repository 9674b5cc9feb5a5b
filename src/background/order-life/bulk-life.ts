/**
 * The life of a bulk batch and of each of its rows, beside the order's own tables: the
 * batch and row tables, and every answer the Bulk orders page is given about a batch or
 * a row (what count it adds to, its words, what can be done with it). Pure. A row handed
 * over is an order of the one engine: its record says where it is, and what may be done
 * with it is the order's own answer (order-actions.ts); the row's mark only says what
 * the batch decided about it.
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
import { problemText } from '../../shared/bulk/sources.ts';
import type {
  BatchCounts,
  BatchFilter,
  BatchOrderStatus,
  BatchStage,
  BatchState,
  BatchSummary,
  RowLife,
  RowProblem,
} from '../../shared/bulk/types.ts';
import { type MessageKey, t } from '../../shared/i18n.ts';
import { formatCount } from '../../shared/locale-format.ts';
import type { OrderRecord, OrderState } from '../../shared/order-record.ts';
import { orderAnswers } from './order-answers.ts';
import { orderPhase } from './order-phase.ts';

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

/** Hands rows over now (the rounds give it room). */
export const isBatchRunning = (state: BatchState): boolean =>
  BATCH_TABLE[state].handed_all !== undefined;

/** Every row was handed over: what is left is held or being placed. */
export const isBatchHandedAll = (state: BatchState): boolean => state === 'done';

/** Nothing more will be handed over: all of it was, or the rest was cancelled. */
export const isBatchOver = (state: BatchState): boolean => state === 'done' || state === 'stopped';

/** The row waits to be handed over. */
export const isRowWaiting = (row: Pick<RowFacts, 'status'>): boolean =>
  ROW_TABLE[row.status].hand_over !== undefined;

/** Placement has the row's order. */
export const isRowHanded = (row: Pick<RowFacts, 'status'>): boolean =>
  ROW_TABLE[row.status].take_back !== undefined;

/** The check refused the row: it has no order at all. */
export const isRowRefused = (row: Pick<RowFacts, 'status'>): boolean => row.status === 'refused';

/** What the answers need of a row. */
export interface RowFacts {
  status: BatchOrderStatus;
  retriedBy?: number;
  problems?: RowProblem[];
}

export type RowBucket = keyof BatchCounts;

/**
 * Which count a row adds to: its order's, whenever there is one (a row taken back whose
 * order had left the hold was sent); without one, the row's mark.
 */
export function rowBucket(row: RowFacts, record: OrderRecord | undefined): RowBucket {
  if (record) return orderPhase(record.state);
  if (row.status === 'waiting') return 'waiting';
  if (row.status === 'refused') return 'failed';
  // Cancelled with the rest, or handed over and then undone while held: never sent.
  return 'cancelled';
}

/** Whether a count is of rows handed over or to be, not yet final. Exhaustive. */
const UNSETTLED: Record<RowBucket, boolean> = {
  waiting: true,
  held: true,
  sent: true,
  placed: false,
  failed: false,
  cancelled: false,
};

export const unsettledCount = (counts: BatchCounts): number =>
  (Object.keys(UNSETTLED) as RowBucket[]).reduce(
    (sum, bucket) => sum + (UNSETTLED[bucket] ? counts[bucket] : 0),
    0,
  );

/** Each count's word: a row says the word of the count it adds to, so the two never differ. */
export const BUCKET_WORDS: Record<RowBucket, MessageKey> = {
  waiting: 'bulk_countWaiting',
  held: 'bulk_countHeld',
  sent: 'bulk_countSent',
  placed: 'bulk_countPlaced',
  failed: 'bulk_countFailed',
  cancelled: 'bulk_countCancelled',
};

/** What an order's state adds to its count's word. Exhaustive. */
const STATE_DETAILS: Record<OrderState, MessageKey | undefined> = {
  held: 'bulk_detailHeld',
  sending: 'bulk_detailSending',
  awaiting_token: 'bulk_detailAwaitingToken',
  unconfirmed: 'bulk_detailUnconfirmed',
  processing: undefined,
  placed: undefined,
  partly_cancelled: 'bulk_detailPartlyCancelled',
  cancelled: 'bulk_detailCancelledSince',
  failed: undefined,
};

/** What a row's mark adds to its count's word when it has no order. Exhaustive. */
const MARK_DETAILS: Record<BatchOrderStatus, MessageKey> = {
  waiting: 'bulk_detailWaiting',
  refused: 'bulk_detailRefused',
  cancelled: 'bulk_detailNeverSent',
  // Handed over without an order any more: undone in its hold.
  handed: 'bulk_detailUndone',
};

/** Why a row's order did not go through, in words: a problem to fix, never a cancellation. */
function rowProblem(row: RowFacts, record: OrderRecord | undefined): string | undefined {
  if (row.status === 'refused' && !record)
    return (row.problems ?? []).map(problemText).join(' ') || t('bulk_refusedByCheck');
  const failure = record?.state === 'failed' ? record.failure : undefined;
  if (!failure) return undefined;
  return `${failure.title} ${failure.fix}`.trim() || failure.code;
}

/**
 * Every answer the page is given about a row. Its retry is its order's retry (withheld
 * when the order may have been placed at the retailer); a row the check refused was
 * never sent, so it can always be fixed. A row fixed once is answered by its new order.
 */
export function rowLife(
  row: RowFacts,
  record: OrderRecord | undefined,
  batchState: BatchState,
): RowLife {
  const bucket = rowBucket(row, record);
  const detail = record
    ? STATE_DETAILS[record.state]
    : row.status === 'waiting' && batchState !== 'paused'
      ? undefined
      : MARK_DETAILS[row.status];
  const problem = rowProblem(row, record);
  const ownRetry = record ? orderAnswers(record).actions.retry : row.status === 'refused';
  return {
    bucket,
    status: t(BUCKET_WORDS[bucket]),
    ...(detail ? { detail: t(detail) } : {}),
    ...(problem ? { problem } : {}),
    retry: row.retriedBy === undefined && ownRetry,
    fixed: row.retriedBy !== undefined,
  };
}

/** Rows fixed and placed again count through their new order only. */
export const isCurrentRow = (row: RowFacts): boolean => row.retriedBy === undefined;

/** Which rows each filter of the page shows. Exhaustive. */
const FILTERS: Record<BatchFilter, (bucket: RowBucket, row: RowFacts) => boolean> = {
  all: () => true,
  problems: (_bucket, row) => row.status === 'refused',
  failed: (bucket, row) => isCurrentRow(row) && (bucket === 'failed' || bucket === 'cancelled'),
  active: (bucket) => UNSETTLED[bucket],
};

export function rowShown(filter: BatchFilter, row: RowFacts, record: OrderRecord | undefined) {
  return FILTERS[filter](rowBucket(row, record), row);
}

/**
 * How far a batch got, in one word: held orders are waiting out their hold (and can still
 * be taken back), whatever else the batch does; a batch that handed everything over is
 * finished only once every order is final.
 */
export function batchStage(state: BatchState, counts: BatchCounts): BatchStage {
  if (state === 'paused' || state === 'stopped') return state;
  if (counts.held > 0) return 'holding';
  if (state === 'running') return 'placing';
  return unsettledCount(counts) > 0 ? 'finishing' : 'finished';
}

/** A batch's stage in words. Exhaustive. */
const STAGE_WORDS: Record<BatchStage, MessageKey> = {
  placing: 'bulk_batchRunning',
  holding: 'bulk_batchHolding',
  paused: 'bulk_batchPaused',
  finishing: 'bulk_batchFinishing',
  finished: 'bulk_batchFinished',
  stopped: 'bulk_batchStopped',
};

export const stageWords = (stage: BatchStage): string => t(STAGE_WORDS[stage]);

/**
 * What the batch table allows. Pause and "Cancel the rest" take back what was not sent,
 * so once everything was handed over they apply only while orders are held.
 */
export function batchActions(state: BatchState, counts: BatchCounts): BatchSummary['can'] {
  const can = (event: BatchEvent) =>
    batchTransition(state, event) !== undefined && (state !== 'done' || counts.held > 0);
  return { pause: can('pause'), resume: can('resume'), cancelRest: can('cancel_rest') };
}

/** The sentences under a batch's progress bar: how far it got, each true at this moment. */
export function progressLines(
  state: BatchState,
  counts: BatchCounts,
  total: number,
  sent: number,
): string[] {
  const finished = counts.placed + counts.failed;
  const lines = [t('bulk_finishedSentence', formatCount(finished), formatCount(total))];
  if (counts.held > 0) lines.push(t('bulk_heldSentence', formatCount(counts.held)));
  if (counts.sent > 0) lines.push(t('bulk_beingPlacedSentence', formatCount(counts.sent)));
  if (state === 'paused')
    lines.push(t('bulk_pausedSentNotSent', formatCount(sent), formatCount(total - sent)));
  if (state === 'stopped')
    lines.push(t('bulk_stoppedSentNotSent', formatCount(sent), formatCount(total - sent)));
  else if (counts.cancelled > 0)
    lines.push(t('bulk_cancelledNeverSent', formatCount(counts.cancelled)));
  return lines;
}
