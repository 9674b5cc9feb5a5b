/**
 * What Buyline keeps about each order and cancellation, in IndexedDB (the history),
 * and what the popup and options pages are shown. Secrets never appear here: the
 * request and every response body are redacted before a record is written.
 */
import type {
  CancellationResponse,
  ErrorResponse,
  OrderResponse,
} from '../api/schemas/responses.ts';

/**
 * - `sending`: written locally, the POST not yet confirmed (it may be retried with the
 *   same idempotency key).
 * - `unconfirmed`: the POST's outcome stayed unknown after every retry; Buyline is
 *   looking for it in the service's order list by its reference.
 * - `processing`: the service has it (a request_id) and is placing it.
 * - `placed`, `failed`: final. A placed order is still checked for tracking.
 */
export type OrderState = 'sending' | 'unconfirmed' | 'processing' | 'placed' | 'failed';
export const ORDER_STATES: readonly OrderState[] = [
  'sending',
  'unconfirmed',
  'processing',
  'placed',
  'failed',
];
export const IN_FLIGHT_ORDER_STATES: readonly OrderState[] = [
  'sending',
  'unconfirmed',
  'processing',
];

export type CancellationState =
  | 'sending'
  | 'unconfirmed'
  | 'processing'
  | 'attempting_to_cancel'
  | 'cancelled'
  | 'failed';
export const IN_FLIGHT_CANCELLATION_STATES: readonly CancellationState[] = [
  'sending',
  'unconfirmed',
  'processing',
  'attempting_to_cancel',
];

/** A failure as the service gave it, plus our plain explanation. */
export interface Failure {
  code: string;
  message: string;
  data?: Record<string, unknown> | null;
  /** What happened, in plain words (from explainErrorCode). */
  title: string;
  /** What the user can change. */
  fix: string;
}

/** When the next network step for a record is due, and how it went so far. */
export interface Schedule {
  /** Unix ms; the record is due when this has passed. */
  nextAt: number;
  /** Consecutive attempts that failed for transient reasons (for backoff). */
  attempts: number;
  /** Total status reads or sends made, for caps. */
  count: number;
  lastError?: string;
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
  createdAt: number;
  updatedAt: number;
  state: OrderState;
  /** The request as sent, redacted. */
  request: Record<string, unknown>;
  /** The last body read from the service, redacted; unknown fields kept. */
  response?: OrderResponse | ErrorResponse;
  failure?: Failure;
  /** From price_components, in cents. */
  total?: number;
  currency?: string;
  merchantOrderIds: string[];
  trackingCount: number;
  /** Every product has tracking, or the tracking watch hit its cap. */
  trackingDone: boolean;
  schedule: Schedule;
  /** `buyline`: placed from this browser; `sync`: imported from the service's list. */
  source: 'buyline' | 'sync';
  abortRequested?: boolean;
  /** The long-wait notice of a managed order was shown. */
  waitingNoted?: boolean;
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
