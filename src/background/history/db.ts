import { type DBSchema, type IDBPDatabase, type IDBPTransaction, type StoreNames, wrap } from 'idb';
import type { CancellationRecord, HistoryEvent, OrderRecord } from '../../shared/order-record.ts';
import type { WordsRow } from './search-words.ts';
import type { StoredBatch, StoredRow } from './stored-batches.ts';

const HISTORY_DB = 'buyline-history';

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
  words: { key: [number, string]; value: WordsRow; indexes: { words: string } };
  meta: { key: string; value: { name: string; value: number } };
}

/** In `meta`: orders made before this time may have no words yet (words-backfill.ts). */
export const WORDS_BELOW = 'wordsBelow';

/** An order's schedule, kept apart from the order (order-writes.ts says why). */
export type OrderSchedule = Pick<OrderRecord, 'localId' | 'state' | 'schedule'>;

type UpgradeTransaction = IDBPTransaction<
  HistorySchema,
  StoreNames<HistorySchema>[],
  'versionchange'
>;
/** `from`: the version the upgrade started at (0 for a new database). */
type Migration = (db: IDBPDatabase<HistorySchema>, tx: UpgradeTransaction, from: number) => void;

/**
 * `MIGRATIONS[n]` brings a database from version n to n+1. A step is only ever appended,
 * never edited, so a database of any age upgrades by running the steps it has not seen.
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
    tx.objectStore('orders').createIndex('state_nextAt' as never, ['state', 'schedule.nextAt']);
    tx.objectStore('cancellations').createIndex('state_nextAt', ['state', 'schedule.nextAt']);
  },
  // 3: orders by each merchant order id, so a listed order without our keys is found again.
  (_db, tx) => {
    tx.objectStore('orders').createIndex('merchantOrderIds', 'merchantOrderIds', {
      multiEntry: true,
    });
  },
  // 4: orders by bulk batch (by time, and by state to tell when it is over), failures by
  // whether the buyer saw them (for the badge); older orders get `batchId` from their note.
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
  // 5: orders this browser saw placed (with `placedAt`), by storefront and when, so how
  // long placing usually takes there reads the last few of them (placing-times.ts).
  (_db, tx) => {
    tx.objectStore('orders').createIndex('retailer_placedAt', ['retailer', 'placedAt']);
  },
  // 6: orders by each product id, so an untitled order borrows a title found by key.
  (_db, tx) => {
    tx.objectStore('orders').createIndex('productIds', 'productIds', { multiEntry: true });
  },
  // 7: bulk batches and their rows, beside the orders they become, so handing a row over
  // writes its order, its state and the batch's cursor in one transaction.
  (db) => {
    db.createObjectStore('batches', { keyPath: 'id' }).createIndex('createdAt', 'createdAt');
    db.createObjectStore('batchRows', { keyPath: ['batchId', 'index'] }).createIndex(
      'localId',
      'localId',
      { unique: true },
    );
  },
  // 8: each order's schedule in a store of its own (order-writes.ts), copied over.
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
  // 9: each order's words in a store of their own, keyed by time, so a search answers
  // from their index (search-words.ts). Those of the orders kept are written after the
  // upgrade (words-backfill.ts), from the time `meta` keeps down; a new one has none.
  (db, _tx, from) => {
    const words = db.createObjectStore('words', { keyPath: ['createdAt', 'localId'] });
    words.createIndex('words', 'words', { multiEntry: true });
    const meta = db.createObjectStore('meta', { keyPath: 'name' });
    if (from > 0) void meta.put({ name: WORDS_BELOW, value: Number.POSITIVE_INFINITY });
  },
];

export const HISTORY_DB_VERSION = MIGRATIONS.length;

/** Opens (creating or upgrading) the history; a test may pass its own factory and version. */
export async function openHistoryDb(
  name = HISTORY_DB,
  factory?: IDBFactory,
  version = HISTORY_DB_VERSION,
): Promise<IDBPDatabase<HistorySchema>> {
  // idb's openDB only knows the global factory: the request is opened here and wrapped.
  const request = (factory ?? indexedDB).open(name, version);
  request.addEventListener('upgradeneeded', (event) => {
    const db = wrap(request.result) as unknown as IDBPDatabase<HistorySchema>;
    const tx = wrap(request.transaction as IDBTransaction) as unknown as UpgradeTransaction;
    for (let step = event.oldVersion; step < version; step++)
      MIGRATIONS[step]?.(db, tx, event.oldVersion);
  });
  const db = (await wrap(request)) as unknown as IDBPDatabase<HistorySchema>;
  // A newer version of the extension upgrades once every old connection closes.
  db.addEventListener('versionchange', () => db.close());
  return db;
}
