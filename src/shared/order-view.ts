/**
 * An order as the background gives it to pages: its record with the order life's
 * answers (how far it got, what can be done with it now, and why not), so that no page
 * decides anything about an order itself. Types only; part of the message protocol.
 */
import type {
  CancellationRecord,
  CancellationState,
  HistoryEvent,
  OrderRecord,
  OrderState,
} from './order-record.ts';

/** How far an order got (src/background/order-life/phases.ts answers it). */
export type OrderPhase = 'held' | 'in_flight' | 'placed' | 'failed';
/**
 * The state an order is shown in: its own, or `check` for a failure after which the
 * order may exist at the retailer all the same, never shown as a plain failure.
 */
export type ShownState = OrderState | 'check';
/** What the background would carry out for this order now; pages offer exactly these. */
export interface OrderActions {
  /** Take back a held order: nothing is sent. */
  undo: boolean;
  /** Ask the service to stop an order it is placing. */
  abort: boolean;
  /**
   * Stop an order not yet placed (being sent, waiting for a token, or looked for):
   * `may_be_placed` where a send may have been carried out, so the buyer is told to
   * check the retailer; false where it does not apply.
   */
  withdraw: false | 'nothing_placed' | 'may_be_placed';
  /** The merchant orders whose cancellation can be started now. */
  cancel: string[];
  /** Order again with the same form (a failure that left nothing placed). */
  retry: boolean;
  /** Read it from the service now. */
  refresh: boolean;
}
/** Everything a page needs to know about an order beyond its record, answered once. */
export interface OrderLife {
  phase: OrderPhase;
  shown: ShownState;
  /** Placed or failed, and no cancellation of it under way. */
  decided: boolean;
  actions: OrderActions;
  /** What names the order: its page title, else the best title known. */
  title: string;
  /** Why Cancel or Abort is not offered where a buyer would look for it, in words. */
  unavailable?: string;
  /** Its latest cancellation, while under way and once decided. */
  cancellation?: {
    state: CancellationState;
    merchantOrderId: string;
    /** Sent or being decided: the retailer has not said yet. */
    underWay: boolean;
    /** Decided, and not cancelled: the service or the retailer refused it. */
    refused: boolean;
    /** Why it was refused, in words. */
    reason?: string;
  };
  /** Its failure waits to be seen (the badge shows "!" for it). */
  unseen: boolean;
  /** The trouble its send met, while it is retried. */
  trouble?: string;
}
/** An order as pages are given it: the record and what can be done with it. */
export type OrderView = OrderRecord & { life: OrderLife };
export type OrderDetail = {
  order: OrderView;
  cancellations: CancellationRecord[];
  events: HistoryEvent[];
};
