import type { IDBPDatabase } from 'idb';
import type {
  CancellationRecord,
  CancellationState,
  HistoryEvent,
  OrderRecord,
  OrderState,
} from '../../shared/order-record.ts';
import { clock } from '../clock.ts';
import { FAILED_STATES, needsAttention } from '../order-life/phases.ts';
import { type HistorySchema, openHistoryDb } from './db.ts';
import {
  type BatchedChange,
  type BatchWritten,
  orderStores,
  RECORD_STORES,
  type RecordsTx,
  removeOrderIn,
  updateOrdersAtOnce,
  withSchedules,
  writeOrder,
} from './order-writes.ts';
import { type PlacingTimes, usualPlacingTimes } from './placing-times.ts';
import { type OrderPage, type OrderQuery, PAGE_READS, queryOrders } from './query-orders.ts';
import { type Along, addRecord, dueRecords } from './record-ops.ts';
import { redactSecrets } from './redact.ts';
import { type Change, stateEvent } from './state-event.ts';

/** What can tie a record to what the service says about an order. */
export interface OrderLookup {
  localId?: string;
  requestId?: string;
  merchantOrderIds?: readonly string[];
}

/** Orders of one product read at most to find a title for another. */
const TITLE_READS = 50;

/**
 * The history: every order, cancellation and state change, in IndexedDB. A record's
 * change and its event go in one transaction, so the log and the records never disagree.
 */
export class HistoryStore {
  /** `db`: the bulk batches live in this database too (bulk/batch-records.ts). */
  private constructor(readonly db: IDBPDatabase<HistorySchema>) {}

  static async open(name?: string, factory?: IDBFactory): Promise<HistoryStore> {
    return new HistoryStore(await openHistoryDb(name, factory));
  }

  close(): void {
    this.db.close();
  }

  /**
   * Adds a new order; an existing one with this localId is returned unchanged (one draft,
   * one order). `along`: writes made in the same transaction (a bulk row handed over).
   */
  addOrder(
    record: OrderRecord,
    note?: string,
    along?: Along,
  ): Promise<{ record: OrderRecord; created: boolean }> {
    return addRecord(this.db, 'orders', record, note ?? 'created', along);
  }

  async getOrder(localId: string): Promise<OrderRecord | undefined> {
    const tx = this.db.transaction(['orders', 'schedules']);
    const order = await tx.objectStore('orders').get(localId);
    return (await withSchedules(tx.objectStore('schedules'), [order]))[0];
  }

  /** Applies a change and, when the state changed, logs it: one transaction. */
  updateOrder(
    localId: string,
    change: Change<OrderRecord>,
    note?: string,
  ): Promise<{ before: OrderRecord; after: OrderRecord } | undefined> {
    return this.upsertOrder({ localId }, (current) => current && change(current), {
      updated: note,
    }) as Promise<{ before: OrderRecord; after: OrderRecord } | undefined>;
  }

  /** Applies many orders' changes, each logged as `updateOrder` does: ONE transaction. */
  updateOrders(changes: readonly BatchedChange[]): Promise<BatchWritten> {
    return updateOrdersAtOnce(this.db, changes);
  }

  /**
   * Finds the order these keys name and writes `change(existing)` in one transaction: a
   * new record when none exists, so reading the same list twice never makes two.
   * Returning undefined writes nothing.
   */
  async upsertOrder(
    lookup: OrderLookup,
    change: (existing: OrderRecord | undefined) => OrderRecord | undefined,
    note: { created?: string | undefined; updated?: string | undefined },
  ): Promise<{ before: OrderRecord | undefined; after: OrderRecord } | undefined> {
    const { tx, stores } = orderStores(this.db);
    const { orders } = stores;
    let found = lookup.localId ? await orders.get(lookup.localId) : undefined;
    if (!found && lookup.requestId) found = await orders.index('requestId').get(lookup.requestId);
    for (const id of lookup.merchantOrderIds ?? []) {
      if (found) break;
      found = await orders.index('merchantOrderIds').get(id);
    }
    const [before] = await withSchedules(stores.schedules, [found]);
    const changed = change(before);
    if (!changed) {
      await tx.done;
      return undefined;
    }
    const { after, writes } = writeOrder(
      stores,
      before,
      changed,
      clock.now(),
      before ? note.updated : note.created,
    );
    await Promise.all([...writes, tx.done]);
    return { before, after };
  }

  /** Newest first, filtered (query-orders.ts). */
  async queryOrders(query: OrderQuery): Promise<OrderRecord[]> {
    return (await queryOrders(this.db, query)).orders;
  }

  /** The same, a page at a time: a search reads PAGE_READS records at most per page. */
  searchOrders(query: OrderQuery): Promise<OrderPage> {
    return queryOrders(this.db, query, PAGE_READS);
  }

  /** A title for an untitled order, from an earlier order of the product (by index). */
  async productTitle(retailer: string, productId: string): Promise<string | undefined> {
    const same = await this.db.getAllFromIndex('orders', 'productIds', productId, TITLE_READS);
    return same.find((order) => order.retailer === retailer && order.title)?.title;
  }

  usualPlacingTimes(retailer: string): Promise<PlacingTimes> {
    return usualPlacingTimes(this.db, retailer);
  }

  /** Orders in these states whose next step is due, soonest first. */
  dueOrders(now: number, states: readonly OrderState[], limit: number): Promise<OrderRecord[]> {
    return dueRecords(this.db, 'orders', now, states, limit);
  }

  countOrders(states: readonly OrderState[]): Promise<number> {
    return this.count('orders', 'state', states);
  }

  countBatchOrders(batchId: string, states: readonly OrderState[]): Promise<number> {
    return this.count(
      'orders',
      'batchId_state',
      states.map((state) => [batchId, state]),
    );
  }

  /** Failed orders whose failure the buyer has not seen yet (`needsAttention`). */
  countUnseenFailures(): Promise<number> {
    return this.count(
      'orders',
      'state_seenAt',
      FAILED_STATES.map((state) => [state, 0]),
    );
  }

  /** Records with any of these keys in one index, counted by the index: none is read. */
  private async count(
    store: 'orders' | 'cancellations',
    index: 'state' | 'batchId_state' | 'state_seenAt',
    keys: readonly IDBValidKey[],
  ): Promise<number> {
    const indexed = this.db.transaction(store as 'orders').store.index(index);
    const counts = await Promise.all(keys.map((key) => indexed.count(IDBKeyRange.only(key))));
    return counts.reduce((sum, count) => sum + count, 0);
  }

  /** Marks these orders' failures seen, in one transaction; answers those that were not. */
  async markSeen(localIds: readonly string[], now: number): Promise<string[]> {
    const tx = this.db.transaction('orders', 'readwrite');
    const marked: string[] = [];
    for (const localId of new Set(localIds)) {
      const order = await tx.store.get(localId);
      if (!order || !needsAttention(order)) continue;
      await tx.store.put({ ...order, seenAt: now });
      marked.push(localId);
    }
    await tx.done;
    return marked;
  }

  addCancellation(
    record: CancellationRecord,
  ): Promise<{ record: CancellationRecord; created: boolean }> {
    const note = `cancellation of ${record.merchantOrderId} created`;
    return addRecord(this.db, 'cancellations', record, note);
  }

  getCancellation(localId: string): Promise<CancellationRecord | undefined> {
    return this.db.get('cancellations', localId);
  }

  /** Applies a change and, when the state changed, logs it: one transaction. */
  async updateCancellation(
    localId: string,
    change: Change<CancellationRecord>,
    note?: string,
  ): Promise<{ before: CancellationRecord; after: CancellationRecord } | undefined> {
    const tx = this.db.transaction(['cancellations', 'events'], 'readwrite');
    const before = await tx.objectStore('cancellations').get(localId);
    const changed = before && change(before);
    if (!before || !changed) {
      await tx.done;
      return undefined;
    }
    const now = clock.now();
    const after = redactSecrets({ ...changed, localId, updatedAt: now });
    const event = stateEvent(before, after, now, note);
    await Promise.all([
      tx.objectStore('cancellations').put(after),
      event && tx.objectStore('events').add(event),
      tx.done,
    ]);
    return { before, after };
  }

  async cancellationsOf(orderLocalId: string): Promise<CancellationRecord[]> {
    return (await this.cancellationsOfEach([orderLocalId]))[0] ?? [];
  }

  /** Each order's cancellations, oldest first: a page of orders in one transaction. */
  async cancellationsOfEach(orderLocalIds: readonly string[]): Promise<CancellationRecord[][]> {
    const index = this.db.transaction('cancellations').store.index('orderLocalId');
    const each = await Promise.all(orderLocalIds.map((localId) => index.getAll(localId)));
    return each.map((all) => all.sort((a, b) => a.createdAt - b.createdAt));
  }

  dueCancellations(
    now: number,
    states: readonly CancellationState[],
    limit: number,
  ): Promise<CancellationRecord[]> {
    return dueRecords(this.db, 'cancellations', now, states, limit);
  }

  countCancellations(states: readonly CancellationState[]): Promise<number> {
    return this.count('cancellations', 'state', states);
  }

  async eventsOf(orderLocalId: string): Promise<HistoryEvent[]> {
    const events = await this.db.getAllFromIndex('events', 'orderLocalId', orderLocalId);
    return events.sort((a, b) => a.at - b.at || (a.id ?? 0) - (b.id ?? 0));
  }

  /**
   * Removes, in one transaction, each of these orders that `when` lets go (one taken back
   * in its hold), with its cancellations and events; answers those removed.
   */
  async removeOrders(
    localIds: readonly string[],
    when: (current: OrderRecord) => boolean,
  ): Promise<OrderRecord[]> {
    const tx = this.db.transaction([...RECORD_STORES], 'readwrite') as RecordsTx;
    const removed: OrderRecord[] = [];
    for (const localId of localIds) {
      const current = await removeOrderIn(tx, localId, when);
      if (current) removed.push(current);
    }
    await tx.done;
    return removed;
  }

  async clear(): Promise<void> {
    const tx = this.db.transaction(RECORD_STORES, 'readwrite');
    await Promise.all([...RECORD_STORES.map((name) => tx.objectStore(name).clear()), tx.done]);
  }
}
