/**
 * Reading what the service says about an order. An order response has no request id
 * and no creation time (the spec's element table), so an order is known by our
 * reference in `request.client_notes`, its echoed idempotency key, a `request_id` when
 * a service adds one, and its merchant order ids, and dated by their `placed_at`; the
 * spec gives no fields for a delivery date, so every shape seen is read. Pure.
 */
import type { OrderStatus } from '../../api/outcomes.ts';
import type { ErrorResponse, OrderResponse } from '../../api/schemas/responses.ts';
import type { DeliveryDate, OrderRecord } from '../../shared/order-record.ts';

/** The keys under `client_notes` of our reference and of the bulk batch that placed it. */
export const REFERENCE_NOTE = 'buyline_ref';
export const BATCH_NOTE = 'buyline_batch';

/** A body read from the service's list (or a GET) with what it says of the order's state. */
export interface ListedStatus {
  body: OrderResponse | ErrorResponse;
  status: OrderStatus;
}

export interface ServiceKeys {
  /** Our reference (the local id of the order that placed it). */
  ref?: string;
  batchId?: string;
  idempotencyKey?: string;
  requestId?: string;
  merchantOrderIds: string[];
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** Everything a body says that can tie it to a record. */
export function keysOf(body: OrderResponse | ErrorResponse): ServiceKeys {
  const request = record(body.request);
  const notes = record(request?.client_notes);
  const ref = text(notes?.[REFERENCE_NOTE]);
  const batchId = text(notes?.[BATCH_NOTE]);
  const idempotencyKey = text(request?.idempotency_key);
  const requestId = text((body as { request_id?: unknown }).request_id);
  const merchantOrderIds =
    body._type === 'order_response'
      ? body.merchant_order_ids.map((entry) => entry.merchant_order_id).filter(Boolean)
      : [];
  return {
    ...(ref ? { ref } : {}),
    ...(batchId ? { batchId } : {}),
    ...(idempotencyKey ? { idempotencyKey } : {}),
    ...(requestId ? { requestId } : {}),
    merchantOrderIds,
  };
}

export function isAbout(keys: ServiceKeys, order: OrderRecord): boolean {
  if (keys.ref !== undefined && keys.ref === order.localId) return true;
  if (keys.requestId !== undefined && keys.requestId === order.requestId) return true;
  if (keys.idempotencyKey !== undefined && keys.idempotencyKey === order.idempotencyKey)
    return true;
  return keys.merchantOrderIds.some((id) => order.merchantOrderIds.includes(id));
}

function time(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value !== 'string') return undefined;
  const at = Date.parse(value);
  return Number.isFinite(at) ? at : undefined;
}

/** When the order was placed: its merchant orders' first `placed_at`, else a `created_at`. */
export function placedAtOf(body: OrderResponse | ErrorResponse): number | undefined {
  const times =
    body._type === 'order_response'
      ? body.merchant_order_ids.map((entry) => time(entry.placed_at))
      : [];
  const known = times.filter((at): at is number => at !== undefined);
  if (known.length > 0) return Math.min(...known);
  return time((body as { created_at?: unknown }).created_at);
}

const DATE_KEYS = [
  'delivery_date',
  'date',
  'estimated_delivery_date',
  'estimated_delivery',
  'expected_delivery_date',
  'delivery_estimate',
  'arrival_date',
  'delivery_window',
  'delivery_range',
  'window',
] as const;
const RANGE_KEYS = [
  ['earliest', 'latest'],
  ['start', 'end'],
  ['from', 'to'],
  ['min', 'max'],
] as const;

function dateText(value: unknown): { date: string; latest?: string } | undefined {
  if (typeof value === 'string' && value.trim() !== '' && time(value) !== undefined)
    return { date: value.trim() };
  // A number is a date only as unix milliseconds of a plausible time (not a count of days).
  if (typeof value === 'number' && Number.isFinite(value) && value > 1e11 && value < 1e14)
    return { date: new Date(value).toISOString() };
  const range = record(value);
  if (!range) return undefined;
  for (const [low, high] of RANGE_KEYS) {
    const first = dateText(range[low]);
    const last = dateText(range[high]);
    if (first && last) return { date: first.date, latest: last.date };
    if (first ?? last) return first ?? last;
  }
  return undefined;
}

/**
 * The delivery dates of a placed order: each element a bare date, or an object with the
 * date (or a range) under one of several names and its product. Undated ones are left out.
 */
export function deliveryDatesOf(order: OrderResponse): DeliveryDate[] {
  return order.delivery_dates.flatMap((element) => {
    const fields = record(element);
    const found = fields
      ? (DATE_KEYS.map((key) => dateText(fields[key])).find(Boolean) ?? dateText(fields))
      : dateText(element);
    const productId = text(fields?.product_id) ?? text(fields?.productId);
    return found ? [{ ...(productId ? { productId } : {}), ...found }] : [];
  });
}
