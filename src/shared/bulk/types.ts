/** What the Bulk orders page and the background say to each other. Types only. */
import type { OrderState } from '../order-record.ts';
import type { Column } from './columns.ts';
import type { DefaultUse } from './defaults-words.ts';
import type { BulkPayload } from './payload-schemas.ts';

/** One data row of the file: its number as a spreadsheet shows it (the header is row 1). */
export interface InputRow {
  row: number;
  cells: Partial<Record<Column, string>>;
}

/** A problem with one row, and the column it is in ('' for the row as a whole). */
export interface RowProblem {
  row: number;
  column: string;
  message: string;
}

/** The saved defaults a row used because its cells left them out (defaults-words.ts). */
export type { DefaultUse };

/** Chosen once for the whole batch; own-account batches name the vault items every order uses. */
export type BulkOptions = BulkPayload<'bulk.check'>['options'];
export type SecretChoice = NonNullable<BulkOptions['secrets']>;

export interface CheckedOrder {
  key?: string;
  rows: number[];
  problems: RowProblem[];
  defaults: DefaultUse[];
  retailer?: string;
  products: { productId: string; quantity: number }[];
  /** Cents, in `currency`. */
  maxPrice?: number;
  currency?: string;
  /** Who it ships to (the address's first and last name), for the review before "Place". */
  shipTo?: string;
}

export interface CheckReply {
  orders: CheckedOrder[];
  /** Problems of the batch as a whole (a locked vault, no login chosen), in sentences. */
  batchProblems: string[];
}

/** A batch's state, by the batch table (background/order-life/bulk-life.ts). */
export type BatchState = 'running' | 'paused' | 'stopped' | 'done';

/**
 * A row's mark, by the row table (bulk-life.ts): what the batch decided about it.
 * Whenever the order has a record, the record says where it is, whatever the mark.
 */
export type BatchOrderStatus = 'waiting' | 'handed' | 'refused' | 'cancelled';

/**
 * Progress of a batch, counted from the orders' records: `held` in the hold before
 * sending, `sent` not yet final, `failed` at the service or refused by the check,
 * `cancelled` never sent (cancelled with the rest, or undone while held).
 */
export type BatchCounts = Record<
  'waiting' | 'held' | 'sent' | 'placed' | 'failed' | 'cancelled',
  number
>;

/**
 * What the buyer is told of a batch: `holding` while orders wait out their hold (they can
 * still be taken back), `finishing` when everything was handed over and some orders are
 * still being placed, `finished` once every order is final.
 */
export type BatchStage = 'placing' | 'holding' | 'paused' | 'finishing' | 'finished' | 'stopped';

export interface BatchSummary {
  id: string;
  name: string;
  createdAt: number;
  updatedAt: number;
  state: BatchState;
  stage: BatchStage;
  /** The stage in words, and the sentences under the progress bar (bulk-life.ts). */
  words: { stage: string; progress: string[] };
  /** Each count with its word, in the order shown; a row says its count's word. */
  tally: { bucket: keyof BatchCounts; label: string; count: number }[];
  /** Still under way: shown as the current batch, not among earlier ones. */
  current: boolean;
  /** What the buyer can do to it now (the background decides; the page offers these). */
  can: { pause: boolean; resume: boolean; cancelRest: boolean };
  pauseReason?: string;
  mode: 'own' | 'managed';
  /** Orders in the batch (an order is one row, or the rows of one order_key). */
  orders: number;
  rows: number;
  counts: BatchCounts;
  /** Orders that went to the service (past the hold before sending). */
  sent: number;
  /** Orders that did not: waiting, held, cancelled or refused by the check. */
  notSent: number;
}

/** What the page shows of one order of a batch. */
export interface BatchOrderView {
  index: number;
  key?: string;
  rows: number[];
  status: BatchOrderStatus;
  /** The order's local id (its draft id): the history's key for it. */
  localId: string;
  problems?: RowProblem[];
  /** The order record's state, when placement has it. */
  state?: OrderState;
  requestId?: string;
  merchantOrderIds: string[];
  /** "carrier tracking_number" per parcel. */
  tracking: string[];
  /** The index of the order this one fixes and places again, and of the one fixing this. */
  retryOf?: number;
  retriedBy?: number;
  /** The input rows, for fixing and placing again. */
  lines: InputRow[];
  /** Every answer about the row, from the background (bulk-life.ts). */
  life: RowLife;
}

/** What the page is told of a row: its words and what can be done with it now. */
export interface RowLife {
  /** The count it adds to. */
  bucket: keyof BatchCounts;
  /** The word of that count, and what more its order's state says. */
  status: string;
  detail?: string;
  /** Why it did not go through, when there is something to fix (a cancellation is none). */
  problem?: string;
  /** Fix and place again is offered: its order's own retry answer. */
  retry: boolean;
  /** It was fixed and placed again as another order of the batch. */
  fixed: boolean;
}

export interface BatchView {
  batch: BatchSummary;
  /** The orders asked for (a page of them). */
  orders: BatchOrderView[];
  /** How many orders match the filter. */
  total: number;
}

export type BatchFilter = 'all' | 'problems' | 'failed' | 'active';
