import type { ServiceClient } from '../api/client.ts';
import type { ListedOrder } from '../api/outcomes.ts';
import type { RetailerCode } from '../api/retailers.ts';
import type { OrderRecord } from '../shared/order-record.ts';
import type { Settings } from '../shared/settings.ts';
import { history } from './history.ts';
import { applyOrderStatus } from './order-status.ts';
import { listedReference } from './reconcile.ts';

const PAGE = 100;
const MAX_PAGES = 100;

/** A record for an order listed by the service, as if it had been followed here. */
export function recordFromListed(
  listed: ListedOrder,
  settings: Settings,
  now: number,
): OrderRecord | undefined {
  const { ref, key } = listedReference(listed);
  const localId = ref ?? (listed.requestId ? `sync-${listed.requestId}` : undefined);
  if (!localId) return undefined;
  const body = listed.status.state === 'placed' ? listed.status.order : listed.status.body;
  const request = ((body as { request?: Record<string, unknown> | null }).request ?? {}) as Record<
    string,
    unknown
  >;
  const products = Array.isArray(request.products)
    ? (request.products as { product_id?: unknown }[])
    : [];
  const createdAt = listed.createdAt ? Date.parse(listed.createdAt) : Number.NaN;
  const base: OrderRecord = {
    localId,
    idempotencyKey: key ?? '',
    retailer: typeof request.retailer === 'string' ? request.retailer : 'unknown',
    productIds: products.map((product) => String(product.product_id ?? '')).filter(Boolean),
    managed: request.addax === true,
    createdAt: Number.isFinite(createdAt) ? createdAt : now,
    updatedAt: now,
    state: 'processing',
    request,
    merchantOrderIds: [],
    trackingCount: 0,
    trackingDone: false,
    schedule: { nextAt: now, attempts: 0, count: 0 },
    source: 'sync',
  };
  if (listed.requestId) base.requestId = listed.requestId;
  const record = applyOrderStatus(base, listed.status, now, settings);
  // Without a request id an order cannot be read again: keep what the list said.
  return listed.requestId
    ? record
    : {
        ...record,
        trackingDone: true,
        schedule: { ...record.schedule, nextAt: Number.MAX_SAFE_INTEGER },
      };
}

/** Imports the service's orders (paged, optionally by time range and retailer), without duplicates. */
export async function syncFromService(
  client: ServiceClient,
  settings: Settings,
  range: { from?: number; to?: number; retailer?: RetailerCode },
  now = Date.now(),
): Promise<{ added: number; updated: number; unchanged: number }> {
  const store = await history();
  const counts = { added: 0, updated: 0, unchanged: 0 };
  for (let page = 0; page < MAX_PAGES; page++) {
    const listed = await client.listOrders({
      limit: PAGE,
      skip: page * PAGE,
      ...(range.from !== undefined ? { starting_after: range.from } : {}),
      ...(range.to !== undefined ? { ending_before: range.to } : {}),
      ...(range.retailer ? { retailer: range.retailer } : {}),
    });
    for (const entry of listed) {
      const record = recordFromListed(entry, settings, now);
      if (!record) continue;
      const outcome = await store.upsertFromService({
        record,
        ...(entry.requestId ? { requestId: entry.requestId } : {}),
        ...(Number.isFinite(record.createdAt) ? { createdAt: record.createdAt } : {}),
      });
      counts[outcome] += 1;
    }
    if (listed.length < PAGE) break;
  }
  return counts;
}
