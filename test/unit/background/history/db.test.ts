import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import {
  HISTORY_DB_VERSION,
  MIGRATIONS,
  openHistoryDb,
  WORDS_BELOW,
} from '../../../../src/background/history/db.ts';
import { HistoryStore } from '../../../../src/background/history/history-store.ts';
import { backfillWords } from '../../../../src/background/history/words-backfill.ts';
import type { CancellationRecord } from '../../../../src/shared/order-record.ts';
import { orderRecord } from '../fixtures.ts';
import { entriesRead } from './open-store.ts';

function cancellation(): CancellationRecord {
  return {
    localId: 'c-old',
    orderLocalId: 'kept',
    orderRequestId: 'req-1',
    merchantOrderId: 'M-1',
    idempotencyKey: 'ck',
    createdAt: 2_000,
    updatedAt: 2_000,
    state: 'attempting_to_cancel',
    schedule: { nextAt: 50, attempts: 0, count: 0 },
  };
}

describe('the history database', () => {
  it('has the stores and indexes of the current version', async () => {
    const db = await openHistoryDb('schema', new IDBFactory());
    expect(db.version).toBe(HISTORY_DB_VERSION);
    expect([...db.objectStoreNames].sort()).toEqual([
      'batchRows',
      'batches',
      'cancellations',
      'events',
      'meta',
      'orders',
      'schedules',
      'words',
    ]);
    const tx = db.transaction(['orders', 'cancellations', 'events', 'schedules', 'words']);
    const orders = tx.objectStore('orders');
    expect(orders.keyPath).toBe('localId');
    expect([...orders.indexNames].sort()).toEqual([
      'batchId_createdAt',
      'batchId_state',
      'createdAt',
      'merchantOrderIds',
      'productIds',
      'requestId',
      'retailer',
      'retailer_createdAt',
      'retailer_placedAt',
      'state',
      'state_createdAt',
      'state_seenAt',
    ]);
    const schedules = tx.objectStore('schedules');
    expect(schedules.keyPath).toBe('localId');
    expect([...schedules.indexNames]).toEqual(['state_nextAt']);
    expect(schedules.index('state_nextAt').keyPath).toEqual(['state', 'schedule.nextAt']);
    const words = tx.objectStore('words');
    expect(words.keyPath).toEqual(['createdAt', 'localId']);
    expect([...words.indexNames]).toEqual(['words']);
    expect(words.index('words').multiEntry).toBe(true);
    expect(orders.index('batchId_createdAt').keyPath).toEqual(['batchId', 'createdAt']);
    expect(orders.index('batchId_state').keyPath).toEqual(['batchId', 'state']);
    expect(orders.index('state_seenAt').keyPath).toEqual(['state', 'seenAt']);
    expect(orders.index('retailer_createdAt').keyPath).toEqual(['retailer', 'createdAt']);
    expect(orders.index('retailer_placedAt').keyPath).toEqual(['retailer', 'placedAt']);
    expect(orders.index('state_createdAt').keyPath).toEqual(['state', 'createdAt']);
    expect(orders.index('requestId').unique).toBe(false);
    expect(orders.index('merchantOrderIds').multiEntry).toBe(true);
    expect(orders.index('productIds').multiEntry).toBe(true);
    const cancellations = tx.objectStore('cancellations');
    expect(cancellations.keyPath).toBe('localId');
    expect([...cancellations.indexNames].sort()).toEqual([
      'createdAt',
      'orderLocalId',
      'requestId',
      'state',
      'state_nextAt',
    ]);
    const events = tx.objectStore('events');
    expect(events.autoIncrement).toBe(true);
    expect([...events.indexNames].sort()).toEqual(['at', 'orderLocalId']);
    await tx.done;
    const bulk = db.transaction(['batches', 'batchRows']);
    expect(bulk.objectStore('batches').keyPath).toBe('id');
    expect([...bulk.objectStore('batches').indexNames]).toEqual(['createdAt']);
    const rows = bulk.objectStore('batchRows');
    expect(rows.keyPath).toEqual(['batchId', 'index']);
    expect(rows.index('localId').unique).toBe(true);
    await bulk.done;
    db.close();
  });

  it('upgrades a version 1 database with data to the current version, keeping the data', async () => {
    const factory = new IDBFactory();
    // Version 1 is what running only the first migration makes.
    const v1 = await openHistoryDb('old', factory, 1);
    expect(v1.version).toBe(1);
    expect([...v1.transaction('orders').store.indexNames]).not.toContain('state_nextAt');
    await v1.put(
      'orders',
      orderRecord({
        localId: 'kept',
        merchantOrderIds: ['M-old'],
        schedule: { nextAt: 10, attempts: 0, count: 0 },
      }),
    );
    await v1.put('cancellations', cancellation());
    const oldEventId = await v1.add('events', {
      at: 1_000,
      subject: 'order',
      localId: 'kept',
      orderLocalId: 'kept',
      to: 'processing',
    });
    v1.close();

    expect(MIGRATIONS.length).toBe(HISTORY_DB_VERSION);
    expect(HISTORY_DB_VERSION).toBeGreaterThan(1);
    const store = await HistoryStore.open('old', factory);
    expect(await store.getOrder('kept')).toEqual(
      orderRecord({
        localId: 'kept',
        merchantOrderIds: ['M-old'],
        schedule: { nextAt: 10, attempts: 0, count: 0 },
      }),
    );
    expect(await store.getCancellation('c-old')).toEqual(cancellation());
    // The indexes of later versions cover the old records too.
    expect((await store.dueOrders(100, ['processing'], 5)).map((o) => o.localId)).toEqual(['kept']);
    expect(
      (await store.dueCancellations(100, ['attempting_to_cancel'], 5)).map((c) => c.localId),
    ).toEqual(['c-old']);
    let byMerchantOrder: string | undefined;
    await store.upsertOrder(
      { merchantOrderIds: ['M-old'] },
      (existing) => {
        byMerchantOrder = existing?.localId;
        return undefined;
      },
      { created: 'imported', updated: 'updated' },
    );
    expect(byMerchantOrder).toBe('kept');
    await store.updateOrder('kept', (order) => ({ ...order, state: 'placed' }));
    const events = await store.eventsOf('kept');
    expect(events.map((event) => event.to)).toEqual(['processing', 'placed']);
    expect(events[1]?.id).toBeGreaterThan(oldEventId);
    store.close();

    const reopened = await openHistoryDb('old', factory);
    expect(reopened.version).toBe(HISTORY_DB_VERSION);
    expect(await reopened.count('orders')).toBe(1);
    reopened.close();
  });

  it('gives orders a batch placed before version 4 their batch, from the note they were sent with', async () => {
    const factory = new IDBFactory();
    const v3 = await openHistoryDb('before-batches', factory, 3);
    await v3.put(
      'orders',
      orderRecord({
        localId: 'from-batch',
        state: 'sending',
        request: { client_notes: { buyline_batch: 'batch-7', buyline_ref: 'from-batch' } },
      }),
    );
    await v3.put('orders', orderRecord({ localId: 'alone', request: { client_notes: {} } }));
    // An old failure is history: it does not light the badge up after the upgrade.
    await v3.put('orders', orderRecord({ localId: 'old-failure', state: 'failed' }));
    v3.close();

    const store = await HistoryStore.open('before-batches', factory);
    expect((await store.getOrder('from-batch'))?.batchId).toBe('batch-7');
    expect(await store.getOrder('alone')).not.toHaveProperty('batchId');
    expect((await store.queryOrders({ batchId: 'batch-7' })).map((o) => o.localId)).toEqual([
      'from-batch',
    ]);
    expect(await store.countBatchOrders('batch-7', ['sending'])).toBe(1);
    expect(await store.countUnseenFailures()).toBe(0);
    store.close();
  });

  it('writes the words of orders kept before version 9 after the upgrade; a search finds them meanwhile', async () => {
    const factory = new IDBFactory();
    const v8 = await openHistoryDb('before-words', factory, 8);
    const tx = v8.transaction('orders', 'readwrite');
    for (let i = 0; i < 1_200; i++)
      void tx.store.put(
        orderRecord({
          localId: `old${i}`,
          createdAt: i,
          productIds: [`P${i}`],
          title: `Lamp ${i}`,
        }),
      );
    await tx.done;
    v8.close();

    const store = await HistoryStore.open('before-words', factory);
    // The upgrade wrote none: it waits for nothing that grows with the history.
    expect(await store.db.count('words')).toBe(0);
    expect(await store.db.get('meta', WORDS_BELOW)).toBeDefined();
    const search = async (search: string) =>
      (await store.queryOrders({ search })).map((o) => o.localId);
    expect(await search('p1199')).toEqual(['old1199']);
    expect(await search('lamp 117')).toEqual([
      'old1179',
      'old1178',
      'old1177',
      'old1176',
      'old1175',
      'old1174',
      'old1173',
      'old1172',
      'old1171',
      'old1170',
      'old117',
    ]);

    await backfillWords(store.db);
    expect(await store.db.count('words')).toBe(1_200);
    expect(await store.db.get('meta', WORDS_BELOW)).toBeUndefined();
    const { result, read } = await entriesRead(() => store.queryOrders({ search: 'p1199' }));
    expect(result.map((o) => o.localId)).toEqual(['old1199']);
    // Whether every order's words are written, one key, the order and its schedule.
    expect(read).toBeLessThanOrEqual(4);
    expect(await search('lamp 117')).toHaveLength(11);
    store.close();
  });

  it('has nothing to write the words of in a new history', async () => {
    const db = await openHistoryDb('new-words', new IDBFactory());
    expect(await db.get('meta', WORDS_BELOW)).toBeUndefined();
    db.close();
  });

  it('closes its connection when a newer version waits to upgrade', async () => {
    const factory = new IDBFactory();
    const old = await openHistoryDb('busy', factory);
    // Without the old connection closing itself this open would stay blocked.
    const newer = await openHistoryDb('busy', factory, HISTORY_DB_VERSION + 1);
    expect(newer.version).toBe(HISTORY_DB_VERSION + 1);
    newer.close();
    expect(() => old.transaction('orders')).toThrow();
    // Bounded: without the fix the open above stays blocked, and this fails fast.
  }, 5_000);
});
