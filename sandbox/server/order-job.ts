import type { Webhooks } from '../../src/api/schemas/common.ts';
import type { OrderRequest } from '../../src/api/schemas/order-request.ts';
import type { PlacedOrder, PlacementResult } from '../retailer/types.ts';
import type { CancellationJob } from './cancellation-job.ts';
import { type ErrorBody, errorBody } from './error-body.ts';

export type OrderPhase = 'processing' | 'placed' | 'failed';

interface Outcome {
  at: number;
  result: PlacementResult;
}

/** One order request as the sandbox keeps it. */
export interface OrderJob {
  requestId: string;
  token: string;
  seq: number;
  /** The body as sent, echoed in `request`. */
  request: Record<string, unknown>;
  parsed: OrderRequest;
  createdAt: number;
  managed: boolean;
  /** Non-managed: when the retailer decides. */
  decideAt: number;
  /** Managed: queue bookkeeping. */
  deadline: number;
  startedAt?: number;
  finishAt?: number;
  abortAt?: number;
  outcome?: Outcome;
  /** Merchant orders cancelled, once there is one. */
  cancelled?: string[];
  /** Its cancellations, once it has one (a repeated cancellation answers the live one). */
  cancellations?: CancellationJob[];
  /** Only with webhooks: what they have told so far. */
  webhooks?: { urls: Webhooks; told: { phase: OrderPhase; tracking: number } };
}

export function phaseOf(job: OrderJob): OrderPhase {
  if (!job.outcome) return 'processing';
  return job.outcome.result.kind === 'placed' ? 'placed' : 'failed';
}

export function visibleTracking(placed: PlacedOrder, now: number) {
  return placed.tracking_schedule
    .filter((entry) => entry.visible_at <= now)
    .map((entry) => ({ ...entry.tracking, obtained_at: new Date(entry.visible_at).toISOString() }));
}

/**
 * An element of `GET /v1/orders`: a placed order as the spec's element table has it,
 * `_type: order_response` and its fields, with no request id and no creation time
 * (the real service's elements have neither). Orders still processing or failed are
 * not listed; they are read by their own GET.
 */
export function listedBody(job: OrderJob, now: number): Record<string, unknown> | undefined {
  if (job.outcome?.result.kind !== 'placed') return undefined;
  const placed = job.outcome.result.order;
  return {
    _type: 'order_response',
    price_components: placed.price_components,
    merchant_order_ids: placed.merchant_order_ids,
    tracking: visibleTracking(placed, now),
    request: job.request,
    delivery_dates: placed.delivery_dates,
    ...(placed.account_status ? { account_status: placed.account_status } : {}),
  };
}

/** The body a GET of this order answers at `now` (also the webhook body). */
export function orderBody(job: OrderJob, now: number): Record<string, unknown> | ErrorBody {
  const common = { request_id: job.requestId, created_at: new Date(job.createdAt).toISOString() };
  const outcome = job.outcome;
  if (!outcome) {
    return {
      ...errorBody(
        'request_processing',
        job.managed && job.startedAt === undefined
          ? 'The order is waiting in the managed queue.'
          : 'The request is still processing.',
        {
          request: job.request,
        },
      ),
      ...common,
    };
  }
  if (outcome.result.kind === 'failed') {
    const { code, message, data } = outcome.result;
    return { ...errorBody(code, message, { data: data ?? {}, request: job.request }), ...common };
  }
  const placed = outcome.result.order;
  return {
    _type: 'order_response',
    price_components: placed.price_components,
    merchant_order_ids: placed.merchant_order_ids,
    tracking: visibleTracking(placed, now),
    request: job.request,
    delivery_dates: placed.delivery_dates,
    ...(placed.account_status ? { account_status: placed.account_status } : {}),
    ...(job.cancelled ? { cancelled_merchant_order_ids: job.cancelled } : {}),
    ...common,
  };
}
