import { type DBSchema, type IDBPDatabase, type IDBPTransaction, wrap } from 'idb';
import type {
  CancellationRecord,
  HistoryEvent,
  OrderRecord,
  OrderState,
  Schedule,
} from '../../shared/order-record.ts';
import type { StoredBatch, StoredRow } from '../bulk/batch-records.ts';

export const HISTORY_DB = 'buyline-history';

export interface HistorySchema extends DBSchema {
  orders: {
    key: string;
    value: OrderRecord;
    indexes: {
      createdAt: number;
      retailer: string;
      state: string;
      requestId: string;
      retailer_createdAt: [string, number];
      state_createdAt: [string, number];
      merchantOrderIds: string;
      batchId_createdAt: [string, number];
      batchId_state: [string, string];
      state_seenAt: [string, number];
      retailer_placedAt: [string, number];
      productIds: string;
    };
  };
  cancellations: {
    key: string;
    value: CancellationRecord;
    indexes: {
      orderLocalId: string;
      state: string;
      requestId: string;
      createdAt: number;
      state_nextAt: [string, number];
    };
  };
  events: {
    key: number;
    value: HistoryEvent;
    indexes: { at: number; orderLocalId: string };
  };
  batches: { key: string; value: StoredBatch; indexes: { createdAt: number } };
  schedules: { key: string; value: OrderSchedule; indexes: { state_nextAt: [string, number] } };
  batchRows: { key: [string, number]; value: StoredRow; indexes: { localId: string } };
}

/** An order's schedule, kept apart from the order (schedules.ts says why). */
export interface OrderSchedule {
  localId: string;
  state: OrderState;
  schedule: Schedule;
}

type HistoryStoreName =
  | 'orders'
  | 'cancellations'
  | 'events'
  | 'batches'
  | 'batchRows'
  | 'schedules';
export type UpgradeTransaction = IDBPTransaction<
  HistorySchema,
  HistoryStoreName[],
  'versionchange'
>;
export type Migration = (db: IDBPDatabase<HistorySchema>, tx: UpgradeTransaction) => void;

/**
 * Numbered migrations: `MIGRATIONS[n]` brings a database from version n to n+1. A later
 * version appends a step and never edits an old one, so a database of any age upgrades
 * by running the steps it has not seen, in order.
 */
export const MIGRATIONS: readonly Migration[] = [
  // 1: orders, cancellations and the event log, indexed by time, retailer and state.
  (db) => {
    const orders = db.createObjectStore('orders', { keyPath: 'localId' });
    orders.createIndex('createdAt', 'createdAt');
    orders.createIndex('retailer', 'retailer');
    orders.createIndex('state', 'state');
    orders.createIndex('requestId', 'requestId', { unique: false });
    orders.createIndex('retailer_createdAt', ['retailer', 'createdAt']);
    orders.createIndex('state_createdAt', ['state', 'createdAt']);
    const cancellations = db.createObjectStore('cancellations', { keyPath: 'localId' });
    cancellations.createIndex('orderLocalId', 'orderLocalId');
    cancellations.createIndex('state', 'state');
    cancellations.createIndex('requestId', 'requestId', { unique: false });
    cancellations.createIndex('createdAt', 'createdAt');
    const events = db.createObjectStore('events', { keyPath: 'id', autoIncrement: true });
    events.createIndex('at', 'at');
    events.createIndex('orderLocalId', 'orderLocalId');
  },
  // 2: due work by state and next step time, so a polling round never walks the history.
  (_db, tx) => {
    // (Version 8 moved the orders' one to the schedules store.)
    tx.objectStore('orders').createIndex('state_nextAt' as never, ['state', 'schedule.nextAt']);
    tx.objectStore('cancellations').createIndex('state_nextAt', ['state', 'schedule.nextAt']);
  },
  // 3: orders by each of their merchant order ids, so that an order the service lists
  // without a request id or our reference is still found again (never imported twice).
  (_db, tx) => {
    tx.objectStore('orders').createIndex('merchantOrderIds', 'merchantOrderIds', {
      multiEntry: true,
    });
  },
  // 4: orders by bulk batch (newest first; and by state, to tell when a batch is over),
  // and failures by whether the buyer has seen them (the badge counts those not seen).
  // Orders a batch placed before records had `batchId` get it from the note they were
  // sent with. (A literal, not a shared constant: a migration never changes.)
  (_db, tx) => {
    const orders = tx.objectStore('orders');
    orders.createIndex('batchId_createdAt', ['batchId', 'createdAt']);
    orders.createIndex('batchId_state', ['batchId', 'state']);
    orders.createIndex('state_seenAt', ['state', 'seenAt']);
    void (async () => {
      for (let cursor = await orders.openCursor(); cursor; cursor = await cursor.continue()) {
        const order = cursor.value;
        const notes = (order.request as { client_notes?: { buyline_batch?: unknown } } | undefined)
          ?.client_notes;
        const batchId = notes?.buyline_batch;
        if (order.batchId === undefined && typeof batchId === 'string' && batchId !== '')
          await cursor.update({ ...order, batchId });
      }
    })().catch((error: unknown) => console.error('Buyline: orders kept no batch', error));
  },
  // 5: orders this browser saw placed, by storefront and when (newest first), so how long
  // placing usually takes there reads the last few of them, however long the history.
  // Only records with `placedAt` are in it (an index skips a key with a missing part).
  (_db, tx) => {
    tx.objectStore('orders').createIndex('retailer_placedAt', ['retailer', 'placedAt']);
  },
  // 6: orders by each of their product ids, so the title an untitled order borrows from
  // an earlier order of the same product is found by key, not by reading the history.
  (_db, tx) => {
    tx.objectStore('orders').createIndex('productIds', 'productIds', { multiEntry: true });
  },
  // 7: bulk batches and their rows, beside the orders they become, so handing a row over
  // writes its order, its state and the batch's cursor in one transaction. (They had a
  // database of their own before; batch-records.ts moves what it held.)
  (db) => {
    db.createObjectStore('batches', { keyPath: 'id' }).createIndex('createdAt', 'createdAt');
    db.createObjectStore('batchRows', { keyPath: ['batchId', 'index'] }).createIndex(
      'localId',
      'localId',
      { unique: true },
    );
  },
  // 8: each order's schedule in a store of its own, indexed by state and next step time
  // (schedules.ts), so a status read that brings nothing new rewrites only its schedule.
  // The orders' own index of it goes; every order's schedule is copied over.
  (db, tx) => {
    db.createObjectStore('schedules', { keyPath: 'localId' }).createIndex('state_nextAt', [
      'state',
      'schedule.nextAt',
    ]);
    const orders = tx.objectStore('orders');
    orders.deleteIndex('state_nextAt' as never);
    const schedules = tx.objectStore('schedules');
    void (async () => {
      for (let cursor = await orders.openCursor(); cursor; cursor = await cursor.continue()) {
        const { localId, state, schedule } = cursor.value;
        await schedules.put({ localId, state, schedule });
      }
    })().catch((error: unknown) => console.error('Buyline: schedules were not copied', error));
  },
];

export const HISTORY_DB_VERSION = MIGRATIONS.length;

/**
 * Opens (creating or upgrading) the history database. `factory` lets a test use its own
 * IndexedDB; `version` lets a migration test create an old database.
 */
export async function openHistoryDb(
  name = HISTORY_DB,
  factory?: IDBFactory,
  version = HISTORY_DB_VERSION,
): Promise<IDBPDatabase<HistorySchema>> {
  // idb's openDB only knows the global factory, so the request is opened here and
  // wrapped: the same thing, with a factory of our choosing.
  const request = (factory ?? indexedDB).open(name, version);
  request.addEventListener('upgradeneeded', (event) => {
    const db = wrap(request.result) as unknown as IDBPDatabase<HistorySchema>;
    const tx = wrap(request.transaction as IDBTransaction) as unknown as UpgradeTransaction;
    for (let step = event.oldVersion; step < version; step++) MIGRATIONS[step]?.(db, tx);
  });
  const db = (await wrap(request)) as unknown as IDBPDatabase<HistorySchema>;
  // A newer version of the extension waits for every old connection to close before it
  // upgrades; closing ours at once keeps that upgrade from hanging.
  db.addEventListener('versionchange', () => db.close());
  return db;
}
