import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  HISTORY_DB_VERSION,
  MIGRATIONS,
  openHistoryDb,
} from '../../../../src/background/history/db.ts';
import {
  csvCell,
  exportHistoryCsv,
  exportHistoryJson,
} from '../../../../src/background/history/export.ts';
import { HistoryStore } from '../../../../src/background/history/history-store.ts';
import type { CancellationRecord } from '../../../../src/shared/order-record.ts';
import { orderRecord } from '../fixtures.ts';

let factory: IDBFactory;
let store: HistoryStore;

beforeEach(async () => {
  factory = new IDBFactory();
  globalThis.indexedDB = factory;
  store = await HistoryStore.open('test-history', factory);
});

const CARD = '4111111111111111';
const secretRequest = {
  retailer: 'amazon',
  payment_method: {
    name_on_card: 'Jane',
    number: CARD,
    security_code: '123',
    expiration_month: 1,
    expiration_year: 2030,
  },
  retailer_credentials: {
    email: 'jane@example.com',
    password: 'hunter2-secret',
    totp_2fa_key: 'JBSWY3DPEHPK3PXP',
  },
  client_notes: { buyline_ref: 'local-1' },
};

describe('the history store', () => {
  it('adds an order once: a second add of the same draft returns the first', async () => {
    const first = await store.addOrder(orderRecord());
    const second = await store.addOrder(orderRecord({ state: 'placed' }));
    expect(first.created).toBe(true);
    expect(second).toMatchObject({ created: false, record: { state: 'processing' } });
    expect(await store.eventsOf('local-1')).toHaveLength(1);
  });

  it('writes a change and its event together, and only state changes make events', async () => {
    await store.addOrder(orderRecord());
    const result = await store.updateOrder(
      'local-1',
      (current) => ({ ...current, state: 'placed', total: 500 }),
      'status read',
    );
    expect(result?.before.state).toBe('processing');
    expect(result?.after).toMatchObject({ state: 'placed', total: 500 });
    await store.updateOrder('local-1', (current) => ({ ...current, trackingCount: 1 }));
    expect(await store.updateOrder('local-1', () => undefined)).toBeUndefined();
    const events = await store.eventsOf('local-1');
    expect(events.map((event) => [event.from, event.to, event.note])).toEqual([
      [undefined, 'processing', 'created'],
      ['processing', 'placed', 'status read'],
    ]);
  });

  it('never stores a card number, security code, password or 2FA key', async () => {
    const echoed = {
      _type: 'order_response',
      request: secretRequest,
      nested: [{ payment_method: { number: CARD } }],
    };
    await store.addOrder(orderRecord({ request: secretRequest }));
    await store.updateOrder('local-1', (current) => ({ ...current, response: echoed as never }));
    const saved = JSON.stringify(await store.getOrder('local-1'));
    for (const secret of [CARD, '"123"', 'hunter2-secret', 'JBSWY3DPEHPK3PXP'])
      expect(saved).not.toContain(secret);
    expect(saved).toContain('•••• 1111');
    expect(saved).toContain('jane@example.com');
  });

  it('filters by retailer and date range, by state, and by search, newest first', async () => {
    const day = 86_400_000;
    for (let i = 0; i < 30; i++) {
      await store.addOrder(
        orderRecord({
          localId: `o${i}`,
          createdAt: i * day,
          retailer: i % 3 === 0 ? 'walmart' : 'amazon',
          state: i % 2 === 0 ? 'placed' : 'failed',
          productIds: [`P${i}`],
        }),
      );
    }
    const walmart = await store.queryOrders({ retailer: 'walmart', from: 3 * day, to: 15 * day });
    expect(walmart.map((order) => order.localId)).toEqual(['o12', 'o9', 'o6', 'o3']);
    const failed = await store.queryOrders({ state: 'failed', limit: 3 });
    expect(failed.map((order) => order.localId)).toEqual(['o29', 'o27', 'o25']);
    const page2 = await store.queryOrders({ state: 'failed', limit: 3, before: 25 * day });
    expect(page2.map((order) => order.localId)).toEqual(['o23', 'o21', 'o19']);
    expect((await store.queryOrders({ search: 'p17' })).map((order) => order.localId)).toEqual([
      'o17',
    ]);
    expect(await store.queryOrders({ from: 5 * day, to: 5 * day })).toEqual([]);
  });

  it('finds due work by state and time, oldest first, and counts what is in flight', async () => {
    await store.addOrder(
      orderRecord({
        localId: 'a',
        state: 'processing',
        schedule: { nextAt: 300, attempts: 0, count: 0 },
      }),
    );
    await store.addOrder(
      orderRecord({
        localId: 'b',
        state: 'sending',
        schedule: { nextAt: 100, attempts: 0, count: 0 },
      }),
    );
    await store.addOrder(
      orderRecord({
        localId: 'c',
        state: 'processing',
        schedule: { nextAt: 9_999, attempts: 0, count: 0 },
      }),
    );
    await store.addOrder(
      orderRecord({
        localId: 'd',
        state: 'failed',
        schedule: { nextAt: 0, attempts: 0, count: 0 },
      }),
    );
    const due = await store.dueOrders(1_000, ['sending', 'processing'], 10);
    expect(due.map((order) => order.localId)).toEqual(['b', 'a']);
    expect(await store.countOrders(['sending', 'processing'])).toBe(3);
  });

  it('keeps cancellations per order, with their events', async () => {
    await store.addOrder(orderRecord({ state: 'placed' }));
    const cancellation: CancellationRecord = {
      localId: 'c1',
      orderLocalId: 'local-1',
      orderRequestId: 'req-1',
      merchantOrderId: 'M-1',
      idempotencyKey: 'k',
      createdAt: 2_000_000,
      updatedAt: 2_000_000,
      state: 'sending',
      schedule: { nextAt: 0, attempts: 0, count: 0 },
    };
    expect((await store.addCancellation(cancellation)).created).toBe(true);
    expect((await store.addCancellation(cancellation)).created).toBe(false);
    await store.updateCancellation('c1', (current) => ({
      ...current,
      state: 'attempting_to_cancel',
    }));
    expect((await store.cancellationsOf('local-1')).map((c) => c.state)).toEqual([
      'attempting_to_cancel',
    ]);
    expect(await store.countCancellations(['attempting_to_cancel'])).toBe(1);
    expect((await store.eventsOf('local-1')).map((event) => event.to)).toEqual([
      'placed',
      'sending',
      'attempting_to_cancel',
    ]);
  });

  it('imports orders from the service without duplicates, by request id or by reference', async () => {
    const { requestId: _none, ...unsent } = orderRecord({ localId: 'mine', state: 'unconfirmed' });
    await store.addOrder(unsent);
    const listed = orderRecord({
      localId: 'sync-r9',
      requestId: 'r9',
      state: 'placed',
      total: 999,
      request: { client_notes: { buyline_ref: 'mine' } },
    });
    expect(await store.upsertFromService({ requestId: 'r9', record: listed })).toBe('updated');
    expect(await store.getOrder('mine')).toMatchObject({
      requestId: 'r9',
      state: 'placed',
      total: 999,
      source: 'buyline',
    });
    expect(await store.upsertFromService({ requestId: 'r9', record: listed })).toBe('unchanged');
    const foreign = orderRecord({
      localId: 'sync-r10',
      requestId: 'r10',
      state: 'placed',
      request: {},
    });
    expect(await store.upsertFromService({ requestId: 'r10', record: foreign })).toBe('added');
    expect(await store.upsertFromService({ requestId: 'r10', record: foreign })).toBe('unchanged');
    expect((await store.queryOrders({})).map((order) => order.localId).sort()).toEqual([
      'mine',
      'sync-r10',
    ]);
    expect((await store.getOrder('sync-r10'))?.source).toBe('sync');
  });

  it('exports CSV and JSON with secrets redacted and cells quoted', async () => {
    await store.addOrder(
      orderRecord({
        request: secretRequest,
        title: 'Lamp, "desk"',
        total: 1999,
        currency: 'USD',
        productIds: ['=HYPERLINK()'],
      }),
    );
    const csv = await exportHistoryCsv(store);
    const [header, line] = csv.split('\r\n');
    expect(header).toBe(
      'created,local_id,request_id,retailer,state,product_ids,total,currency,merchant_order_ids,tracking_count,failure_code',
    );
    expect(line).toContain(',19.99,USD,');
    expect(line).toContain("'=HYPERLINK()");
    expect(csvCell('a "b", c')).toBe('"a ""b"", c"');
    const json = await exportHistoryJson(store);
    expect(json).not.toContain(CARD);
    expect(json).not.toContain('hunter2-secret');
    expect(JSON.parse(json).orders[0].events).toHaveLength(1);
  });

  it('upgrades a version 1 database to the current version, keeping its data', async () => {
    store.close();
    const v1 = await openHistoryDb('old-history', factory, 1);
    await v1.put('orders', orderRecord({ localId: 'kept' }));
    v1.close();
    expect(HISTORY_DB_VERSION).toBe(MIGRATIONS.length);
    const upgraded = await HistoryStore.open('old-history', factory);
    expect((await upgraded.getOrder('kept'))?.localId).toBe('kept');
    expect(
      (await upgraded.dueOrders(Number.MAX_SAFE_INTEGER, ['processing'], 5)).map(
        (order) => order.localId,
      ),
    ).toEqual(['kept']);
  });

  it('holds 10,000 orders and answers a filtered query', async () => {
    const many = Array.from({ length: 10_000 }, (_, i) =>
      orderRecord({ localId: `bulk${i}`, createdAt: i, retailer: i % 2 ? 'amazon' : 'walmart' }),
    );
    for (const record of many) await store.addOrder(record);
    const result = await store.queryOrders({ retailer: 'walmart', from: 100, to: 200, limit: 500 });
    expect(result).toHaveLength(50);
    expect(result[0]?.createdAt).toBe(198);
  }, 60_000);
});
