import type { IDBPDatabase } from 'idb';
import type {
  CancellationRecord,
  CancellationState,
  HistoryEvent,
  OrderRecord,
  OrderState,
} from '../../shared/order-record.ts';
import { needsAttention } from '../../shared/order-record.ts';
import { type BatchedChange, type BatchWritten, updateOrdersAtOnce } from './batch-write.ts';
import { type HistorySchema, openHistoryDb } from './db.ts';
import { type PlacingTimes, usualPlacingTimes } from './placing-times.ts';
import { type OrderPage, type OrderQuery, PAGE_READS, queryOrders } from './query-orders.ts';
import {
  type Along,
  addRecord,
  type Change,
  countRecords,
  dueRecords,
  updateRecord,
} from './record-ops.ts';
import { withSchedule } from './schedules.ts';
import { type OrderLookup, upsertOrder } from './upsert.ts';

export type { OrderQuery } from './query-orders.ts';
export type { OrderLookup } from './upsert.ts';

/** Orders of one product read at most to find a title for another. */
const TITLE_READS = 50;

/**
 * The history: every order, cancellation and state change, in IndexedDB. Each
 * change of a record and its event are written in one transaction, so the log and
 * the records never disagree, whatever stops the worker.
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
    return withSchedule(tx.objectStore('schedules'), await tx.objectStore('orders').get(localId));
  }

  /** Applies a change and, when the state changed, logs it: one transaction. */
  updateOrder(
    localId: string,
    change: Change<OrderRecord>,
    note?: string,
  ): Promise<{ before: OrderRecord; after: OrderRecord } | undefined> {
    return updateRecord(this.db, 'orders', localId, change, note);
  }

  /** Applies many orders' changes, each logged as `updateOrder` does: ONE transaction. */
  updateOrders(changes: readonly BatchedChange[]): Promise<BatchWritten> {
    return updateOrdersAtOnce(this.db, changes);
  }

  /** Newest first, filtered (query-orders.ts). */
  async queryOrders(query: OrderQuery): Promise<OrderRecord[]> {
    return (await queryOrders(this.db, query)).orders;
  }

  /** The same, a page at a time: a search reads PAGE_READS records at most per page. */
  searchOrders(query: OrderQuery): Promise<OrderPage> {
    return queryOrders(this.db, query, PAGE_READS);
  }

  /**
   * The title of an order of this product at this storefront, for one that came without
   * a title. It reads at most TITLE_READS orders of the product, found by index: however
   * long the history, naming an order costs the same.
   */
  async productTitle(retailer: string, productId: string): Promise<string | undefined> {
    const same = await this.db.getAllFromIndex('orders', 'productIds', productId, TITLE_READS);
    return same.find((order) => order.retailer === retailer && order.title)?.title;
  }

  /** How long placing usually takes at this storefront (placing-times.ts). */
  usualPlacingTimes(retailer: string): Promise<PlacingTimes> {
    return usualPlacingTimes(this.db, retailer);
  }

  /** Orders in these states whose next step is due, oldest first. */
  dueOrders(now: number, states: readonly OrderState[], limit: number): Promise<OrderRecord[]> {
    return dueRecords(this.db, 'orders', now, states, limit);
  }

  countOrders(states: readonly OrderState[]): Promise<number> {
    return countRecords(this.db, 'orders', states);
  }

  /** Orders of one bulk batch in these states (by index: no record is read). */
  async countBatchOrders(batchId: string, states: readonly OrderState[]): Promise<number> {
    const index = this.db.transaction('orders').store.index('batchId_state');
    const counts = await Promise.all(
      states.map((state) => index.count(IDBKeyRange.only([batchId, state]))),
    );
    return counts.reduce((sum, count) => sum + count, 0);
  }

  /** Failed orders whose failure the buyer has not seen yet (`needsAttention`). */
  countUnseenFailures(): Promise<number> {
    return this.db.countFromIndex('orders', 'state_seenAt', IDBKeyRange.only(['failed', 0]));
  }

  /**
   * Marks the failures of these orders seen, in one transaction; answers the local ids
   * of those that were waiting to be seen. Other orders are left as they are.
   */
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
    const [orders, schedules] = await Promise.all([
      this.db.getAll('orders'),
      this.db.getAll('schedules'),
    ]);
    const scheduleOf = new Map(schedules.map((entry) => [entry.localId, entry.schedule]));
    return orders
      .map((order) => ({ ...order, schedule: scheduleOf.get(order.localId) ?? order.schedule }))
      .sort((a, b) => (b.createdAt || 0) - (a.createdAt || 0));
  }

  /** Finds the order these keys name and writes `change(existing)` (upsert.ts). */
  upsertOrder(
    lookup: OrderLookup,
    change: (existing: OrderRecord | undefined) => OrderRecord | undefined,
    note: { created: string; updated: string },
  ): Promise<{ before: OrderRecord | undefined; after: OrderRecord } | undefined> {
    return upsertOrder(this.db, lookup, change, note);
  }
  /**
   * Removes, in one transaction, each of these orders that `when` lets go (an order
   * taken back in its hold), with its cancellations and events; answers those removed.
   */
  async removeOrders(
    localIds: readonly string[],
    when: (current: OrderRecord) => boolean,
  ): Promise<OrderRecord[]> {
    const tx = this.db.transaction(['orders', 'cancellations', 'events', 'schedules'], 'readwrite');
    const removed: OrderRecord[] = [];
    for (const localId of localIds) {
      const current = await withSchedule(
        tx.objectStore('schedules'),
        await tx.objectStore('orders').get(localId),
      );
      if (!current || !when(current)) continue;
      await tx.objectStore('orders').delete(localId);
      await tx.objectStore('schedules').delete(localId);
      for (const store of ['cancellations', 'events'] as const)
        for (const key of await tx.objectStore(store).index('orderLocalId').getAllKeys(localId))
          await tx.objectStore(store).delete(key);
      removed.push(current);
    }
    await tx.done;
    return removed;
  }

  async clear(): Promise<void> {
    const tx = this.db.transaction(['orders', 'cancellations', 'events', 'schedules'], 'readwrite');
    await Promise.all([
      tx.objectStore('orders').clear(),
      tx.objectStore('schedules').clear(),
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
