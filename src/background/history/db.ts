import { type DBSchema, type IDBPDatabase, type IDBPTransaction, openDB } from 'idb';
import type { CancellationRecord, HistoryEvent, OrderRecord } from '../../shared/order-record.ts';

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
      state_nextAt: [string, number];
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
}

type UpgradeTx = IDBPTransaction<
  HistorySchema,
  ('orders' | 'cancellations' | 'events')[],
  'versionchange'
>;

/**
 * Numbered migrations: step n brings a database from version n-1 to n. A later
 * version appends a step and never edits an old one, so any old database upgrades.
 */
export const MIGRATIONS: ((db: IDBPDatabase<HistorySchema>, tx: UpgradeTx) => void)[] = [
  // 1: orders, cancellations and the event log, indexed by time, retailer and state.
  (db) => {
    const orders = db.createObjectStore('orders', { keyPath: 'localId' });
    orders.createIndex('createdAt', 'createdAt');
    orders.createIndex('retailer', 'retailer');
    orders.createIndex('state', 'state');
    orders.createIndex('requestId', 'requestId');
    orders.createIndex('retailer_createdAt', ['retailer', 'createdAt']);
    orders.createIndex('state_createdAt', ['state', 'createdAt']);
    const cancellations = db.createObjectStore('cancellations', { keyPath: 'localId' });
    cancellations.createIndex('orderLocalId', 'orderLocalId');
    cancellations.createIndex('state', 'state');
    cancellations.createIndex('requestId', 'requestId');
    cancellations.createIndex('createdAt', 'createdAt');
    const events = db.createObjectStore('events', { keyPath: 'id', autoIncrement: true });
    events.createIndex('at', 'at');
    events.createIndex('orderLocalId', 'orderLocalId');
  },
  // 2: due-work lookups by state and next step time, so polling never scans history.
  (_db, tx) => {
    tx.objectStore('orders').createIndex('state_nextAt', ['state', 'schedule.nextAt']);
    tx.objectStore('cancellations').createIndex('state_nextAt', ['state', 'schedule.nextAt']);
  },
];

export const HISTORY_DB_VERSION = MIGRATIONS.length;

export function openHistoryDb(
  name = HISTORY_DB,
  factory?: IDBFactory,
  version = HISTORY_DB_VERSION,
): Promise<IDBPDatabase<HistorySchema>> {
  const previous = globalThis.indexedDB;
  // idb opens through the global factory; a test may pass its own.
  if (factory) globalThis.indexedDB = factory;
  try {
    return openDB<HistorySchema>(name, version, {
      upgrade(db, oldVersion, newVersion, tx) {
        for (let step = oldVersion; step < (newVersion ?? version); step++)
          MIGRATIONS[step]?.(db, tx);
      },
    });
  } finally {
    if (factory) globalThis.indexedDB = previous;
  }
}
