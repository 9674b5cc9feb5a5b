import type { IDBPDatabase } from 'idb';
import type { OrderRecord, OrderState } from '../../shared/order-record.ts';
import { IN_FLIGHT_ORDER_STATES } from '../../shared/order-record.ts';
import type { HistorySchema } from './db.ts';
import { newestFirst } from './newest-first.ts';

export interface OrderQuery {
  state?: OrderState | 'in_flight';
  retailer?: string;
  /** The bulk batch the orders belong to. */
  batchId?: string;
  /** createdAt >= from (unix ms). */
  from?: number;
  /** createdAt < to (unix ms). */
  to?: number;
  /** Case-insensitive match on product ids, title, request id, merchant order ids, local id. */
  search?: string;
  /** Default 50. */
  limit?: number;
  /** Paging: createdAt < before. */
  before?: number;
}

const MAX_TIME = Number.MAX_SAFE_INTEGER;
/** Records read at a time when a filter may reject most of them. */
const FILTERED_BATCH = 200;

function matches(order: OrderRecord, needle: string): boolean {
  const haystack = [
    order.localId,
    order.requestId ?? '',
    order.title ?? '',
    ...order.productIds,
    ...order.merchantOrderIds,
  ];
  return haystack.some((text) => text.toLowerCase().includes(needle));
}

/**
 * Newest first. The narrowest index does the range (a batch's, a retailer's, or each
 * state's orders by time), and the other filters are applied in batches.
 */
export async function queryOrders(
  db: IDBPDatabase<HistorySchema>,
  query: OrderQuery,
): Promise<OrderRecord[]> {
  const limit = Math.floor(query.limit ?? 50);
  const from = query.from ?? 0;
  const to = Math.min(query.to ?? MAX_TIME, query.before ?? MAX_TIME);
  // Written so that NaN, which no key range accepts, also answers nothing.
  if (!(limit > 0) || !(from < to)) return [];
  const needle = query.search?.trim().toLowerCase() || undefined;
  const states =
    query.state === 'in_flight' ? IN_FLIGHT_ORDER_STATES : query.state ? [query.state] : undefined;
  const { batchId, retailer } = query;

  const tx = db.transaction('orders');
  const sources = batchId
    ? [
        {
          index: tx.store.index('batchId_createdAt'),
          lower: [batchId, from],
          upper: [batchId, to],
        },
      ]
    : retailer
      ? [
          {
            index: tx.store.index('retailer_createdAt'),
            lower: [retailer, from],
            upper: [retailer, to],
          },
        ]
      : states
        ? states.map((state) => ({
            index: tx.store.index('state_createdAt'),
            lower: [state, from],
            upper: [state, to],
          }))
        : [{ index: tx.store.index('createdAt'), lower: from, upper: to }];
  // Only a filter the index does not do needs more than `limit` records read.
  const indexFilters = [batchId, retailer, states].filter((filter) => filter !== undefined);
  const filtered = needle !== undefined || indexFilters.length > 1;
  const size = filtered ? Math.max(limit, FILTERED_BATCH) : limit;
  const wanted = (order: OrderRecord) =>
    (!states || states.includes(order.state)) &&
    (!retailer || order.retailer === retailer) &&
    (!needle || matches(order, needle));

  const found: OrderRecord[] = [];
  for (const { index, lower, upper } of sources) {
    let taken = 0;
    for await (const batch of newestFirst<OrderRecord>(index, lower, upper, size)) {
      for (const order of batch) {
        if (taken >= limit) break;
        if (!wanted(order)) continue;
        found.push(order);
        taken += 1;
      }
      if (taken >= limit) break;
    }
  }
  await tx.done;
  return found.sort((a, b) => b.createdAt - a.createdAt).slice(0, limit);
}
