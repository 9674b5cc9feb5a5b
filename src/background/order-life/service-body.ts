/**
 * Reading what the service says about an order, as the real service sends it: an order
 * response has no request id and no creation time (the spec's element table), so an
 * order is known by our reference echoed in `request.client_notes.buyline_ref`, its
 * idempotency key echoed in `request`, a `request_id` when a service adds one, and its
 * merchant order ids; it is dated by its merchant orders' `placed_at`; and the fields
 * of a delivery date are not given by the spec, so every shape seen is read. Pure.
 */
import type { OrderStatus } from '../../api/outcomes.ts';
import type { ErrorResponse, OrderResponse } from '../../api/schemas/responses.ts';
import type { DeliveryDate, OrderRecord } from '../../shared/order-record.ts';

/** The key under `client_notes` that carries our reference, to find an order again. */
export const REFERENCE_NOTE = 'buyline_ref';
/** The key under `client_notes` that carries the bulk batch an order belongs to. */
export const BATCH_NOTE = 'buyline_batch';

/** A body read from the service's list (or a GET) with what it says of the order's state. */
export interface ListedStatus {
  body: OrderResponse | ErrorResponse;
  status: OrderStatus;
}

export interface ServiceKeys {
  /** Our reference (the local id of the order that placed it). */
  ref?: string;
  /** The bulk batch that placed it (`client_notes.buyline_batch`). */
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

/** Whether a body is about this record. */
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

/**
 * When the order was placed: the earliest `placed_at` of its merchant orders, else a
 * `created_at` if the service sends one; undefined when neither can be read.
 */
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
 * The delivery dates of a placed order, whatever their elements look like: a bare
 * date, or an object with the date under one of several names (or a range), and the
 * product it is for. Elements without any readable date are left out.
 */
export function deliveryDatesOf(order: OrderResponse): DeliveryDate[] {
  const dates: DeliveryDate[] = [];
  for (const element of order.delivery_dates) {
    const direct = dateText(element);
    const fields = record(element);
    let found = direct && !fields ? direct : undefined;
    if (fields) {
      for (const key of [...DATE_KEYS, 'delivery_window', 'delivery_range', 'window']) {
        found = dateText(fields[key]);
        if (found) break;
      }
      found ??= dateText(fields);
    }
    if (!found) continue;
    const productId = text(fields?.product_id) ?? text(fields?.productId);
    dates.push({ ...(productId ? { productId } : {}), ...found });
  }
  return dates;
}
