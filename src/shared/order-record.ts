/**
 * What Buyline keeps about each order and cancellation, in IndexedDB (the history),
 * and what the popup and options pages are shown. Secrets never appear here: the
 * request and every response body are redacted before a record is written. How a
 * record moves from one state to the next is decided in one place:
 * src/background/order-life/order-life.ts (its state table is at the top).
 */
import type {
  CancellationResponse,
  ErrorResponse,
  OrderResponse,
} from '../api/schemas/responses.ts';

/**
 * - `held`: written locally and waiting out the hold before sending (`holdUntil`); Undo
 *   removes it and nothing is sent.
 * - `sending`: the POST not yet confirmed (it may be retried with the same idempotency key).
 * - `awaiting_token`: the service rejected the token (401) on the POST, so nothing was
 *   placed; it goes out again, under the same key, once a token is saved (or on Refresh).
 * - `unconfirmed`: the POST's outcome stayed unknown after every retry; Buyline is
 *   looking for it in the service's order list by its reference.
 * - `processing`: the service has it (a request_id) and is placing it.
 * - `placed`: final; its tracking is still watched.
 * - `partly_cancelled` / `cancelled`: placed, and some / all of its merchant orders were
 *   cancelled since.
 * - `failed`: final; `failure` says why and what to change.
 */
export const ORDER_STATES = [
  'held',
  'sending',
  'awaiting_token',
  'unconfirmed',
  'processing',
  'placed',
  'partly_cancelled',
  'cancelled',
  'failed',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];
export const CANCELLATION_STATES = [
  'sending',
  'unconfirmed',
  'processing',
  'attempting_to_cancel',
  'cancelled',
  'failed',
] as const;
export type CancellationState = (typeof CANCELLATION_STATES)[number];
/** A failure as the service gave it, plus our plain explanation. */
export interface Failure {
  code: string;
  message: string;
  data?: Record<string, unknown> | null;
  /** What happened, in plain words (from explainErrorCode). */
  title: string;
  /** What the user can change. */
  fix: string;
  /**
   * The order may have been placed after all (`order_probably_placed`, `duplicate_order`,
   * `not_confirmed`): the buyer must check the retailer, and nothing offers to place it
   * again in one click. Absent when nothing was placed (`internal_error` included).
   */
  needsCheck?: true;
}

/** When the next network step for a record is due, and how it went so far. */
export interface Schedule {
  /** Unix ms; the record is due when this has passed. */
  nextAt: number;
  /** Consecutive steps under the same timing rule (for backoff). */
  attempts: number;
  /** Total status reads or sends made, for caps. */
  count: number;
  lastError?: string;
  /** The timing rule (order-life/timing.ts) that set `nextAt`. */
  rule?: string;
  /** Unix ms: when steps under `rule` began, for rules that give up after a time. */
  since?: number;
  /** Unix ms: when the record entered its current state (a quick cadence lasts ten minutes). */
  stateSince?: number;
}

/** One product's delivery date, read from `delivery_dates` whatever the element's shape. */
export interface DeliveryDate {
  productId?: string;
  /** The date as the service gave it (ISO date or timestamp). */
  date: string;
  /** The end of a delivery window, when the service gives a range. */
  latest?: string;
}

export interface OrderRecord {
  /** Our reference, also sent as `client_notes.buyline_ref`. One per click: the draft id. */
  localId: string;
  idempotencyKey: string;
  requestId?: string;
  retailer: string;
  /** Product ids, for search and display. */
  productIds: string[];
  /** Page title of the (first) product, when the popup knew it. */
  title?: string;
  managed: boolean;
  /** When it was placed from here; for an imported order, its merchant orders' placed_at. */
  createdAt: number;
  /** When it last went out after waiting (its hold, or a token); absent: at `createdAt`. */
  sentAt?: number;
  /** When this browser first saw it placed; absent on imported orders and older records. */
  placedAt?: number;
  updatedAt: number;
  state: OrderState;
  /** `held` only: when the hold ends and the order is sent (unix ms). */
  holdUntil?: number;
  /** The request as sent, redacted. */
  request: Record<string, unknown>;
  /** The last body read from the service, redacted; unknown fields kept. */
  response?: OrderResponse | ErrorResponse;
  failure?: Failure;
  /** From price_components, in cents. */
  total?: number;
  currency?: string;
  merchantOrderIds: string[];
  /** Merchant orders whose cancellation succeeded. */
  cancelledMerchantOrderIds?: string[];
  deliveryDates?: DeliveryDate[];
  trackingCount: number;
  /** Every product has tracking, or the tracking watch hit its cap. */
  trackingDone: boolean;
  schedule: Schedule;
  /** `buyline`: placed from this browser; `sync`: imported from the service's list. */
  source: 'buyline' | 'sync';
  abortRequested?: boolean;
  /** The service answered `already_exists` without a request id: looked for, never resent. */
  alreadyAtService?: true;
  /** The long-wait notice of a managed order was shown. */
  waitingNoted?: boolean;
  /**
   * The bulk batch of this order, also sent as `client_notes.buyline_batch`: its orders
   * are told through the batch, one notice when it finishes.
   */
  batchId?: string;
  /**
   * 0 while its failure waits to be seen (the badge shows "!"), then when it was seen
   * (`orders.seen`); absent otherwise. Read it through order-life's `needsAttention`.
   */
  seenAt?: number;
}

export interface CancellationRecord {
  localId: string;
  orderLocalId: string;
  orderRequestId: string;
  merchantOrderId: string;
  idempotencyKey: string;
  requestId?: string;
  createdAt: number;
  updatedAt: number;
  state: CancellationState;
  response?: CancellationResponse | ErrorResponse;
  failure?: Failure;
  schedule: Schedule;
}

export interface HistoryEvent {
  id?: number;
  at: number;
  subject: 'order' | 'cancellation';
  localId: string;
  /** The order a cancellation belongs to (equal to localId for orders). */
  orderLocalId: string;
  from?: string;
  to: string;
  note?: string;
}
