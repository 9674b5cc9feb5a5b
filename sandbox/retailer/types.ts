/**
 * The boundary between the sandbox's HTTP server (sandbox/server) and its simulated
 * retailer (sandbox/retailer). The server owns time, jobs, queues, idempotency and
 * webhooks; the retailer decides, from one valid order request, what the retailer
 * would do with it. The retailer module is pure: same request, clock and seed, same
 * answer.
 */
import type { OrderRequest } from '../../src/api/schemas/order-request.ts';

export interface PlacementContext {
  /** Sandbox clock, unix ms (the control API can move it forward). */
  now: number;
  /** Seeded random source in [0, 1): every random choice goes through it. */
  random: () => number;
  /** The order's request_id, for building merchant order ids and tracking numbers. */
  requestId: string;
}

/** All amounts in cents. Extra fields (for example managed cost) may be added. */
export interface PriceComponentsCents {
  converted_payment_total: number;
  currency: string;
  payment_currency: string;
  shipping: number;
  subtotal: number;
  tax: number;
  total: number;
  [extra: string]: unknown;
}

export interface PlacedMerchantOrder {
  merchant_order_id: string;
  merchant: string;
  account: string;
  placed_at: string;
}

interface TrackingEntry {
  product_id: string;
  merchant_order_id: string;
  carrier: string;
  tracking_number: string;
}

export interface PlacedOrder {
  price_components: PriceComponentsCents;
  /** One per seller that the chosen offers come from. */
  merchant_order_ids: PlacedMerchantOrder[];
  /** One element per ordered product, for example { product_id, date, ... }. */
  delivery_dates: Record<string, unknown>[];
  /** Only on the amazon family. */
  account_status?: { prime: boolean; fresh: boolean; business: boolean; charity: string | null };
  /**
   * Tracking and the sandbox time (unix ms) from which each entry is visible: some
   * entries earlier (partial tracking), the rest later. `obtained_at` is that time.
   */
  tracking_schedule: { visible_at: number; tracking: TrackingEntry }[];
}

export type PlacementResult =
  | { kind: 'placed'; order: PlacedOrder }
  | { kind: 'failed'; code: string; message: string; data?: Record<string, unknown> };

/** What the managed queue needs to know about an order before placing it. */
export interface ManagedDemand {
  /**
   * The highest managed_discount the managed pool can serve for this order right now
   * (for example 0 when anything in range is served, -10 when the order must pay at
   * least 10% above face value). An order whose discount is higher waits until its
   * addax_queue_timeout and then fails with managed_temporarily_overloaded.
   */
  max_servable_discount: number;
}

export interface SimulatedRetailer {
  /** Decides the outcome of one valid order request (schema-checked by the server). */
  place(request: OrderRequest, ctx: PlacementContext): PlacementResult;
  /** For a managed order: how deep a discount the pool serves for it. */
  managedDemand(request: OrderRequest): ManagedDemand;
  /**
   * Whether a cancellation of this merchant order goes through attempting_to_cancel
   * first, and how it ends. Called once per cancellation request.
   */
  cancellationPlan(
    request: OrderRequest,
    merchantOrderId: string,
    ctx: PlacementContext,
  ): { via_attempting: boolean; outcome: 'cancelled' | { code: string; message: string } };
}
