/**
 * What the Bulk orders page and the background say to each other about a file and a
 * batch. Types only: nothing here runs.
 */
import type { OrderState } from '../order-record.ts';
import type { Column } from './columns.ts';

/** One data row of the file: its number as a spreadsheet shows it (the header is row 1). */
export interface InputRow {
  row: number;
  cells: Partial<Record<Column, string>>;
}

/** The rows of one order: one row, or every row sharing an order_key. */
export interface OrderGroup {
  key?: string;
  rows: InputRow[];
}

/** A problem with one row, and the column it is in ('' for the row as a whole). */
export interface RowProblem {
  row: number;
  column: string;
  message: string;
}

/** The saved defaults a row used because its cells left them out. */
export type DefaultUse =
  | 'address'
  | 'shipping'
  | 'gift'
  | 'gift_message'
  | 'quantity'
  | 'seller_criteria'
  | 'managed'
  | 'max_price_tolerance'
  | 'webhooks';

export interface SecretChoice {
  credentialsId: string;
  paymentId: string;
  billingId: string;
}

/** Chosen once for the whole batch. */
export interface BulkOptions {
  mode: 'own' | 'managed';
  /** Own-account batches: the vault items every order uses. */
  secrets?: SecretChoice | undefined;
}

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
}

export interface CheckReply {
  orders: CheckedOrder[];
  /** Problems of the batch as a whole (a locked vault, no login chosen), in sentences. */
  batchProblems: string[];
}

/**
 * - `running`: rows are handed to placement, a few at a time.
 * - `paused`: nothing more is handed over until resumed (`pauseReason` says why when
 *   the background paused it).
 * - `stopped`: the rest was cancelled; rows already handed over go on.
 * - `done`: every row was handed over (or refused, or cancelled).
 */
export type BatchState = 'running' | 'paused' | 'stopped' | 'done';

/**
 * Where one order of a batch is:
 * - `waiting`: recorded, not yet handed to placement.
 * - `handed`: placement has it; the order's own record says the rest.
 * - `refused`: its check failed; never sent.
 * - `cancelled`: cancelled before it was sent (not handed over, or taken back from the
 *   hold before sending); never sent.
 * Whenever the order has a record, the record says where it is, whatever the mark.
 */
export type BatchOrderStatus = 'waiting' | 'handed' | 'refused' | 'cancelled';

/** Progress of a batch, counted from the orders' records. */
export interface BatchCounts {
  /** Not yet handed to placement. */
  waiting: number;
  /** Handed over, in the hold before sending. */
  held: number;
  /** Being sent, or with the service and not yet final. */
  sent: number;
  placed: number;
  /** Failed at the service, or refused by the check. */
  failed: number;
  /** Never sent: cancelled with the rest, or undone while held. */
  cancelled: number;
}

/**
 * What the buyer is told of a batch as a whole (from its state and its orders' own
 * records): `placing`, `paused`, `finishing` (everything handed over, some orders still
 * held or being placed), `finished` (every order final), `stopped` (the rest was
 * cancelled). The first three are current batches.
 */
export type BatchStage = 'placing' | 'paused' | 'finishing' | 'finished' | 'stopped';

export interface BatchSummary {
  id: string;
  name: string;
  createdAt: number;
  updatedAt: number;
  state: BatchState;
  stage: BatchStage;
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
  /** Why it failed, in words. */
  failure?: string;
  /** This order fixes and places again the order at that index. */
  retryOf?: number;
  /** The order at that index places this one again. */
  retriedBy?: number;
  /** The input rows, for fixing and placing again. */
  lines: InputRow[];
  /** It failed in a way the buyer can fix and place again (the background decides). */
  fixable: boolean;
}

export interface BatchView {
  batch: BatchSummary;
  /** The orders asked for (a page of them). */
  orders: BatchOrderView[];
  /** How many orders match the filter. */
  total: number;
}

export type BatchFilter = 'all' | 'problems' | 'failed' | 'active';
