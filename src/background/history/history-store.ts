import type { IDBPDatabase } from 'idb';
import type {
  CancellationRecord,
  CancellationState,
  HistoryEvent,
  OrderRecord,
  OrderState,
} from '../../shared/order-record.ts';
import { IN_FLIGHT_ORDER_STATES } from '../../shared/order-record.ts';
import { type HistorySchema, openHistoryDb } from './db.ts';
import { newestFirst } from './newest-first.ts';
import {
  addRecord,
  type Change,
  countRecords,
  dueRecords,
  historyEvent,
  stored,
  updateRecord,
} from './record-ops.ts';
import { sameData } from './same-data.ts';

export interface OrderQuery {
  state?: OrderState | 'in_flight';
  retailer?: string;
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

function referenceOf(record: OrderRecord): string | undefined {
  const notes = record.request.client_notes;
  if (typeof notes !== 'object' || notes === null) return undefined;
  const ref = (notes as Record<string, unknown>).buyline_ref;
  return typeof ref === 'string' && ref !== '' ? ref : undefined;
}

/**
 * What the service's list says about an order we already follow: its state, body,
 * total and ids, on our record, which keeps its localId, idempotency key and source.
 * A placed order is final (decisions.md), so a listing that says otherwise is stale
 * and changes nothing but a missing request id.
 */
function mergeListed(
  existing: OrderRecord,
  incoming: OrderRecord,
  requestId: string | undefined,
): OrderRecord {
  if (existing.state === 'placed' && incoming.state !== 'placed')
    return requestId && !existing.requestId ? { ...existing, requestId } : existing;
  const failure = incoming.failure ?? (incoming.state === 'failed' ? existing.failure : undefined);
  const merged: OrderRecord = {
    ...existing,
    state: incoming.state,
    ...(requestId ? { requestId } : {}),
    ...(incoming.response ? { response: incoming.response } : {}),
    ...(incoming.total !== undefined ? { total: incoming.total } : {}),
    ...(incoming.currency !== undefined ? { currency: incoming.currency } : {}),
    ...(failure ? { failure } : {}),
    merchantOrderIds:
      incoming.merchantOrderIds.length > 0 ? incoming.merchantOrderIds : existing.merchantOrderIds,
    trackingCount: Math.max(existing.trackingCount, incoming.trackingCount),
  };
  // A failure the service no longer reports (the order went on) is not kept.
  if (!failure) delete merged.failure;
  return merged;
}

/**
 * The history: every order, cancellation and state change, in IndexedDB. Each
 * change of a record and its event are written in one transaction, so the log and
 * the records never disagree, whatever stops the worker.
 */
export class HistoryStore {
  private constructor(private readonly db: IDBPDatabase<HistorySchema>) {}

  static async open(name?: string, factory?: IDBFactory): Promise<HistoryStore> {
    return new HistoryStore(await openHistoryDb(name, factory));
  }

  close(): void {
    this.db.close();
  }

  /** Adds a new order; an existing one with this localId is returned unchanged (one draft, one order). */
  addOrder(record: OrderRecord, note?: string): Promise<{ record: OrderRecord; created: boolean }> {
    return addRecord(this.db, 'orders', record, note ?? 'created');
  }

  getOrder(localId: string): Promise<OrderRecord | undefined> {
    return this.db.get('orders', localId);
  }

  findOrderByRequestId(requestId: string): Promise<OrderRecord | undefined> {
    return this.db.getFromIndex('orders', 'requestId', requestId);
  }

  /** Applies a change and, when the state changed, logs it: one transaction. */
  updateOrder(
    localId: string,
    change: Change<OrderRecord>,
    note?: string,
  ): Promise<{ before: OrderRecord; after: OrderRecord } | undefined> {
    return updateRecord(this.db, 'orders', localId, change, note);
  }

  /** Newest first; the narrowest index does the range, the rest is filtered in batches. */
  async queryOrders(query: OrderQuery): Promise<OrderRecord[]> {
    const limit = Math.floor(query.limit ?? 50);
    const from = query.from ?? 0;
    const to = Math.min(query.to ?? MAX_TIME, query.before ?? MAX_TIME);
    // Written so that NaN, which no key range accepts, also answers nothing.
    if (!(limit > 0) || !(from < to)) return [];
    const needle = query.search?.trim().toLowerCase() || undefined;
    const states =
      query.state === 'in_flight'
        ? IN_FLIGHT_ORDER_STATES
        : query.state
          ? [query.state]
          : undefined;

    const tx = this.db.transaction('orders');
    const sources = query.retailer
      ? [
          {
            index: tx.store.index('retailer_createdAt'),
            lower: [query.retailer, from],
            upper: [query.retailer, to],
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
    const filtered = needle !== undefined || (states !== undefined && query.retailer !== undefined);
    const size = filtered ? Math.max(limit, FILTERED_BATCH) : limit;
    const wanted = (order: OrderRecord) =>
      (!states || states.includes(order.state)) && (!needle || matches(order, needle));

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

  /** Orders in these states whose next step is due, oldest first. */
  dueOrders(now: number, states: readonly OrderState[], limit: number): Promise<OrderRecord[]> {
    return dueRecords(this.db, 'orders', now, states, limit);
  }

  countOrders(states: readonly OrderState[]): Promise<number> {
    return countRecords(this.db, 'orders', states);
  }

  addCancellation(
    record: CancellationRecord,
  ): Promise<{ record: CancellationRecord; created: boolean }> {
    return addRecord(
      this.db,
      'cancellations',
      record,
      `cancellation of ${record.merchantOrderId} created`,
    );
  }

  getCancellation(localId: string): Promise<CancellationRecord | undefined> {
    return this.db.get('cancellations', localId);
  }

  updateCancellation(
    localId: string,
    change: Change<CancellationRecord>,
    note?: string,
  ): Promise<{ before: CancellationRecord; after: CancellationRecord } | undefined> {
    return updateRecord(this.db, 'cancellations', localId, change, note);
  }

  async cancellationsOf(orderLocalId: string): Promise<CancellationRecord[]> {
    const all = await this.db.getAllFromIndex('cancellations', 'orderLocalId', orderLocalId);
    return all.sort((a, b) => a.createdAt - b.createdAt);
  }

  dueCancellations(
    now: number,
    states: readonly CancellationState[],
    limit: number,
  ): Promise<CancellationRecord[]> {
    return dueRecords(this.db, 'cancellations', now, states, limit);
  }

  countCancellations(states: readonly CancellationState[]): Promise<number> {
    return countRecords(this.db, 'cancellations', states);
  }

  async eventsOf(orderLocalId: string): Promise<HistoryEvent[]> {
    const events = await this.db.getAllFromIndex('events', 'orderLocalId', orderLocalId);
    return events.sort((a, b) => a.at - b.at || (a.id ?? 0) - (b.id ?? 0));
  }

  /**
   * Every order, newest first, for export. Read from the store, not the createdAt
   * index, so a record whose time is not a valid key is exported too.
   */
  async allOrders(): Promise<OrderRecord[]> {
    const orders = await this.db.getAll('orders');
    return orders.sort((a, b) => (b.createdAt || 0) - (a.createdAt || 0));
  }

  /**
   * An order from the service's list: it updates the record that already follows it
   * (same request id, or our reference in its client_notes), or is added once.
   */
  async upsertFromService(entry: {
    requestId?: string;
    createdAt?: number;
    record: OrderRecord;
  }): Promise<'added' | 'updated' | 'unchanged'> {
    const incoming = stored(entry.record);
    const requestId = entry.requestId ?? incoming.requestId;
    const ref = referenceOf(incoming);
    const tx = this.db.transaction(['orders', 'events'], 'readwrite');
    const orders = tx.objectStore('orders');
    const events = tx.objectStore('events');
    // The last lookup catches a listed order whose record was made from the same
    // reference before: adding it again would fail on the key.
    const existing =
      (requestId ? await orders.index('requestId').get(requestId) : undefined) ??
      (ref ? await orders.get(ref) : undefined) ??
      (await orders.get(incoming.localId));
    const now = Date.now();
    if (!existing) {
      const added: OrderRecord = {
        ...incoming,
        source: 'sync',
        ...(requestId ? { requestId } : {}),
        ...(entry.createdAt !== undefined ? { createdAt: entry.createdAt } : {}),
      };
      await orders.add(added);
      await events.add(
        historyEvent(
          'order',
          added.localId,
          added.localId,
          undefined,
          added.state,
          now,
          'imported from the service',
        ),
      );
      await tx.done;
      return 'added';
    }
    const merged = mergeListed(existing, incoming, requestId);
    if (sameData(merged, existing)) {
      await tx.done;
      return 'unchanged';
    }
    await orders.put({ ...merged, updatedAt: now });
    if (merged.state !== existing.state) {
      await events.add(
        historyEvent(
          'order',
          existing.localId,
          existing.localId,
          existing.state,
          merged.state,
          now,
          'updated from the service',
        ),
      );
    }
    await tx.done;
    return 'updated';
  }

  async clear(): Promise<void> {
    const tx = this.db.transaction(['orders', 'cancellations', 'events'], 'readwrite');
    await Promise.all([
      tx.objectStore('orders').clear(),
      tx.objectStore('cancellations').clear(),
      tx.objectStore('events').clear(),
    ]);
    await tx.done;
  }

  /** Every event, for export. */
  allEvents(): Promise<HistoryEvent[]> {
    return this.db.getAllFromIndex('events', 'at');
  }

  /** Every cancellation, oldest first, for export. */
  async allCancellations(): Promise<CancellationRecord[]> {
    const cancellations = await this.db.getAll('cancellations');
    return cancellations.sort((a, b) => a.createdAt - b.createdAt);
  }
}
