import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HistoryStore } from '../../../../src/background/history/history-store.ts';
import type { OrderRecord } from '../../../../src/shared/order-record.ts';
import { orderRecord } from '../fixtures.ts';
import { freshStore } from './open-store.ts';

let store: HistoryStore;

beforeEach(async () => {
  ({ store } = await freshStore());
});

afterEach(() => store.close());

const placedBody = (requestId: string, ref?: string) => ({
  _type: 'order_response' as const,
  price_components: { total: 999, currency: 'USD' },
  merchant_order_ids: [{ merchant_order_id: 'M-9' }],
  tracking: [],
  delivery_dates: [],
  request_id: requestId,
  request: ref ? { client_notes: { buyline_ref: ref } } : {},
});

/** An order as sync.ts builds it from a listed entry. */
function listed(requestId: string, overrides: Partial<OrderRecord> = {}): OrderRecord {
  return orderRecord({
    localId: `sync-${requestId}`,
    idempotencyKey: '',
    requestId,
    state: 'placed',
    total: 999,
    currency: 'USD',
    merchantOrderIds: ['M-9'],
    request: {},
    response: placedBody(requestId),
    source: 'sync',
    ...overrides,
  });
}

async function allOrders(): Promise<OrderRecord[]> {
  return store.queryOrders({ limit: 1_000 });
}

describe('upsertFromService', () => {
  it('updates the order with the same request id, keeping our ids and source', async () => {
    await store.addOrder(
      orderRecord({ localId: 'mine', requestId: 'r9', idempotencyKey: 'key-9' }),
    );
    expect(await store.upsertFromService({ requestId: 'r9', record: listed('r9') })).toBe(
      'updated',
    );
    const after = await store.getOrder('mine');
    expect(after).toMatchObject({
      localId: 'mine',
      idempotencyKey: 'key-9',
      source: 'buyline',
      requestId: 'r9',
      state: 'placed',
      total: 999,
      currency: 'USD',
      merchantOrderIds: ['M-9'],
      response: placedBody('r9'),
    });
    expect((await store.eventsOf('mine')).map((event) => [event.from, event.to])).toEqual([
      [undefined, 'processing'],
      ['processing', 'placed'],
    ]);
    expect(await allOrders()).toHaveLength(1);
  });

  it('updates the order named by the reference in client_notes when it has no request id yet', async () => {
    const { requestId: _none, ...unsent } = orderRecord({ localId: 'mine', state: 'unconfirmed' });
    await store.addOrder(unsent);
    const entry = listed('r9', {
      localId: 'sync-r9',
      request: { client_notes: { buyline_ref: 'mine' } },
      response: placedBody('r9', 'mine'),
    });
    expect(await store.upsertFromService({ requestId: 'r9', record: entry })).toBe('updated');
    expect(await store.getOrder('mine')).toMatchObject({
      requestId: 'r9',
      state: 'placed',
      source: 'buyline',
      idempotencyKey: 'key-1',
    });
    expect(await store.getOrder('sync-r9')).toBeUndefined();
    expect(await store.findOrderByRequestId('r9')).toMatchObject({ localId: 'mine' });
  });

  it('adds an unknown order once, marked as synced, at the time the service gives', async () => {
    const entry = listed('r10', { source: 'buyline', createdAt: 1 });
    expect(
      await store.upsertFromService({ requestId: 'r10', createdAt: 7_000, record: entry }),
    ).toBe('added');
    expect(await store.getOrder('sync-r10')).toMatchObject({ source: 'sync', createdAt: 7_000 });
    expect((await store.eventsOf('sync-r10')).map((event) => event.to)).toEqual(['placed']);
    expect(await store.upsertFromService({ requestId: 'r10', record: entry })).toBe('unchanged');
    expect(await allOrders()).toHaveLength(1);
  });

  it('never duplicates an order however often the same list is read', async () => {
    const { requestId: _none, ...unsent } = orderRecord({ localId: 'mine', state: 'unconfirmed' });
    await store.addOrder(unsent);
    const page = [
      listed('r1', { request: { client_notes: { buyline_ref: 'mine' } } }),
      listed('r2'),
      listed('r3', { state: 'processing', merchantOrderIds: [] }),
    ];
    const outcomes: string[] = [];
    for (let round = 0; round < 3; round++) {
      for (const record of page)
        outcomes.push(
          await store.upsertFromService({ requestId: record.requestId as string, record }),
        );
    }
    expect(outcomes).toEqual([
      'updated',
      'added',
      'added',
      ...Array.from({ length: 6 }, () => 'unchanged'),
    ]);
    expect(ids(await allOrders()).sort()).toEqual(['mine', 'sync-r2', 'sync-r3']);
  });

  it('takes the request id from the record when the entry does not name it', async () => {
    await store.addOrder(orderRecord({ localId: 'mine', requestId: 'r5' }));
    expect(await store.upsertFromService({ record: listed('r5') })).toBe('updated');
    expect(ids(await allOrders())).toEqual(['mine']);
  });

  it('updates tracking and the body of a placed order, but never moves it back', async () => {
    await store.addOrder(orderRecord({ localId: 'mine', requestId: 'r9', state: 'placed' }));
    const tracked = listed('r9', { trackingCount: 1 });
    expect(await store.upsertFromService({ requestId: 'r9', record: tracked })).toBe('updated');
    expect((await store.getOrder('mine'))?.trackingCount).toBe(1);
    const stale = listed('r9', {
      state: 'processing',
      response: { _type: 'error', code: 'request_processing' },
    });
    expect(await store.upsertFromService({ requestId: 'r9', record: stale })).toBe('unchanged');
    expect(await store.getOrder('mine')).toMatchObject({ state: 'placed', trackingCount: 1 });
  });

  it('drops a failure the service no longer reports', async () => {
    const failure = { code: 'internal_error', message: '', title: 'x', fix: 'y' };
    await store.addOrder(
      orderRecord({ localId: 'mine', requestId: 'r9', state: 'failed', failure }),
    );
    expect(await store.upsertFromService({ requestId: 'r9', record: listed('r9') })).toBe(
      'updated',
    );
    expect((await store.getOrder('mine'))?.failure).toBeUndefined();
  });

  it('sees no change in a body whose fields come in another order', async () => {
    await store.addOrder(orderRecord({ localId: 'mine', requestId: 'r9' }));
    await store.upsertFromService({ requestId: 'r9', record: listed('r9') });
    const { request, _type, ...rest } = placedBody('r9');
    const reordered = listed('r9', { response: { request, ...rest, _type } });
    expect(await store.upsertFromService({ requestId: 'r9', record: reordered })).toBe('unchanged');
  });
});

function ids(orders: OrderRecord[]): string[] {
  return orders.map((order) => order.localId);
}
