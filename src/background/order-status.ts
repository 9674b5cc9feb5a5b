import type { OrderStatus } from '../api/outcomes.ts';
import type { OrderRecord, Schedule } from '../shared/order-record.ts';
import type { Settings } from '../shared/settings.ts';
import { toFailure } from './failure.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A placed order's tracking is watched for this long at most, then left alone. */
export const TRACKING_WATCH_MS = 30 * DAY;
/** Past this, a processing order is read every minute instead of at the fast cadence. */
const FAST_PHASE_MS = 10 * MINUTE;

export function processingDelay(record: OrderRecord, now: number, settings: Settings): number {
  return now - record.createdAt < FAST_PHASE_MS ? settings.polling.fastSeconds * 1000 : MINUTE;
}

/** Every merchant order has tracking, and there is an entry for every product. */
export function trackingComplete(
  record: Pick<OrderRecord, 'merchantOrderIds' | 'productIds'>,
  tracking: { merchant_order_id?: string | undefined }[],
): boolean {
  if (tracking.length === 0) return false;
  const tracked = new Set(tracking.map((entry) => entry.merchant_order_id));
  return (
    record.merchantOrderIds.every((id) => tracked.has(id)) &&
    tracking.length >= record.productIds.length
  );
}

function schedule(previous: Schedule, nextAt: number): Schedule {
  return { nextAt, attempts: 0, count: previous.count + 1 };
}

/**
 * The record after a status read. Pure: the caller writes it. Final states never go
 * back (a late `processing` answer from a retried read cannot undo `placed`).
 */
export function applyOrderStatus(
  record: OrderRecord,
  status: OrderStatus,
  now: number,
  settings: Settings,
): OrderRecord {
  if (status.state === 'processing') {
    if (record.state === 'placed' || record.state === 'failed') return record;
    return {
      ...record,
      state: 'processing',
      response: status.body,
      schedule: schedule(record.schedule, now + processingDelay(record, now, settings)),
    };
  }
  if (status.state === 'failed') {
    if (record.state === 'placed') return record;
    return {
      ...record,
      state: 'failed',
      response: status.body,
      failure: toFailure(status.code, status.message, status.data),
      trackingDone: true,
      schedule: schedule(record.schedule, Number.MAX_SAFE_INTEGER),
    };
  }
  const { order } = status;
  const merchantOrderIds = order.merchant_order_ids.map((entry) => entry.merchant_order_id);
  const placed: OrderRecord = {
    ...record,
    state: 'placed',
    response: order,
    merchantOrderIds,
    trackingCount: order.tracking.length,
  };
  if (order.price_components?.total !== undefined) placed.total = order.price_components.total;
  if (order.price_components?.currency !== undefined)
    placed.currency = order.price_components.currency;
  const placedAt = record.state === 'placed' ? record.createdAt : now;
  const watchOver = now - Math.min(placedAt, record.createdAt) > TRACKING_WATCH_MS;
  placed.trackingDone = watchOver || trackingComplete(placed, order.tracking);
  placed.schedule = schedule(
    record.schedule,
    placed.trackingDone ? Number.MAX_SAFE_INTEGER : now + settings.polling.trackingMinutes * MINUTE,
  );
  delete placed.failure;
  return placed;
}

/** Backoff after a transient failure: 5 s, 10 s, 20 s ... at most 10 minutes. */
export function backoffDelay(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 10 * MINUTE);
}

export function afterTransientError(
  previous: Schedule,
  now: number,
  error: string,
  minDelay = 0,
): Schedule {
  const attempts = previous.attempts + 1;
  return {
    nextAt: now + Math.max(backoffDelay(attempts), minDelay),
    attempts,
    count: previous.count + 1,
    lastError: error,
  };
}
