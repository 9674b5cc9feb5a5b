/**
 * How an order record begins: from a click (held for `holdSeconds`, or sending at
 * once), or from the service's list (an order placed elsewhere). Pure.
 */
import type { OrderStatus } from '../../api/outcomes.ts';
import type { OrderRequest } from '../../api/schemas/order-request.ts';
import type { ErrorResponse, OrderResponse } from '../../api/schemas/responses.ts';
import type { OrderRecord } from '../../shared/order-record.ts';
import type { LifeContext } from './life-change.ts';
import { changeOrderRecord } from './order-changes.ts';
import { placedAtOf, type ServiceKeys } from './service-body.ts';
import { dueAt } from './timing.ts';

/** A new order from the click; `batchId`: the bulk batch that placed it, if any. */
export function newOrder(
  draftId: string,
  request: OrderRequest,
  title: string | undefined,
  ctx: LifeContext,
  batchId?: string,
): OrderRecord {
  const { now, settings } = ctx;
  const holdUntil = now + settings.holdSeconds * 1_000;
  const held = settings.holdSeconds > 0;
  const record: OrderRecord = {
    localId: draftId,
    idempotencyKey: crypto.randomUUID(),
    retailer: request.retailer,
    productIds: request.products.map((product) => product.product_id),
    managed: request.addax === true,
    createdAt: now,
    updatedAt: now,
    state: held ? 'held' : 'sending',
    request: request as Record<string, unknown>,
    merchantOrderIds: [],
    trackingCount: 0,
    trackingDone: false,
    schedule: dueAt({ nextAt: now, attempts: 0, count: 0 }, held ? holdUntil : now, now),
    source: 'buyline',
  };
  if (held) record.holdUntil = holdUntil;
  if (title) record.title = title;
  if (batchId) record.batchId = batchId;
  return record;
}

function localIdOf(keys: ServiceKeys): string | undefined {
  if (keys.ref) return keys.ref;
  if (keys.requestId) return `sync-${keys.requestId}`;
  if (keys.merchantOrderIds.length > 0)
    return `sync-mo-${[...keys.merchantOrderIds].sort().join('+')}`;
  return undefined;
}

/**
 * A record for an order the service lists and this browser does not follow, dated by
 * its merchant orders' placed_at; undefined when nothing could tie it to a record again.
 */
export function importedOrder(
  body: OrderResponse | ErrorResponse,
  status: OrderStatus,
  keys: ServiceKeys,
  ctx: LifeContext,
): OrderRecord | undefined {
  const localId = localIdOf(keys);
  if (!localId) return undefined;
  const request = (body.request ?? {}) as Record<string, unknown>;
  const products = Array.isArray(request.products)
    ? (request.products as { product_id?: unknown }[])
    : [];
  const createdAt = placedAtOf(body) ?? ctx.now;
  const base: OrderRecord = {
    localId,
    idempotencyKey: keys.idempotencyKey ?? '',
    retailer: typeof request.retailer === 'string' ? request.retailer : 'unknown',
    productIds: products.map((product) => String(product.product_id ?? '')).filter(Boolean),
    managed: request.addax === true,
    createdAt,
    updatedAt: ctx.now,
    state: 'processing',
    request,
    merchantOrderIds: keys.merchantOrderIds,
    trackingCount: 0,
    trackingDone: false,
    schedule: { nextAt: ctx.now, attempts: 0, count: 0, stateSince: createdAt },
    source: 'sync',
  };
  if (keys.requestId) base.requestId = keys.requestId;
  if (keys.batchId) base.batchId = keys.batchId;
  const change = changeOrderRecord(base, { type: 'status', status }, ctx);
  if (!('record' in change)) return undefined;
  const record = change.record;
  // A failure that happened elsewhere before this browser ever followed the order is
  // history, not news: a first sync of a long account must not light the badge up.
  if (record.state === 'failed') record.seenAt = ctx.now;
  // Without a request id a processing or failed order cannot be read again; a placed
  // one is still watched through the list for its tracking.
  if (!keys.requestId && record.state === 'processing')
    return { ...record, schedule: { ...record.schedule, nextAt: Number.MAX_SAFE_INTEGER } };
  return record;
}
