import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HistoryStore } from '../../../../src/background/history/history-store.ts';
import type { CancellationRecord } from '../../../../src/shared/order-record.ts';
import { orderRecord } from '../fixtures.ts';
import { freshStore, rawContents } from './open-store.ts';
import { CARD, expectNoSecrets, MASKED_CARD, secretRequest } from './secrets.ts';

let store: HistoryStore;
let name: string;
let factory: IDBFactory;

beforeEach(async () => {
  // The store stamps its writes from the clock: a fixed one, moved by each test.
  vi.useFakeTimers({ toFake: ['Date'], now: 1_000_000 });
  ({ store, name, factory } = await freshStore());
});

afterEach(() => {
  vi.useRealTimers();
  store.close();
});

function cancellation(overrides: Partial<CancellationRecord> = {}): CancellationRecord {
  return {
    localId: 'c1',
    orderLocalId: 'local-1',
    orderRequestId: 'req-1',
    merchantOrderId: 'M-1',
    idempotencyKey: 'ck-1',
    createdAt: 2_000_000,
    updatedAt: 2_000_000,
    state: 'sending',
    schedule: { nextAt: 2_000_000, attempts: 0, count: 0 },
    ...overrides,
  };
}

describe('adding orders', () => {
  it('adds an order once: a second add of the same draft returns the first unchanged', async () => {
    const first = await store.addOrder(orderRecord());
    const second = await store.addOrder(orderRecord({ state: 'placed', total: 1 }));
    expect(first).toEqual({ record: orderRecord(), created: true });
    expect(second).toEqual({ record: orderRecord(), created: false });
    expect(await store.getOrder('local-1')).toEqual(orderRecord());
    expect(await store.eventsOf('local-1')).toEqual([
      {
        id: expect.any(Number),
        at: 1_000_000,
        subject: 'order',
        localId: 'local-1',
        orderLocalId: 'local-1',
        to: 'processing',
        note: 'created',
      },
    ]);
  });

  it('makes one order of two submits of the same draft sent at the same moment', async () => {
    const results = await Promise.all([
      store.addOrder(orderRecord({ title: 'first' })),
      store.addOrder(orderRecord({ title: 'second' })),
    ]);
    expect(results.map((result) => result.created).sort()).toEqual([false, true]);
    expect(results[0]?.record).toEqual(results[1]?.record);
    expect(await store.countOrders(['processing'])).toBe(1);
    expect(await store.eventsOf('local-1')).toHaveLength(1);
  });

  it('records the note given for the created event', async () => {
    await store.addOrder(orderRecord(), 'placed from the popup');
    expect((await store.eventsOf('local-1'))[0]?.note).toBe('placed from the popup');
  });

  it('finds an order by local id', async () => {
    await store.addOrder(orderRecord({ localId: 'a', requestId: 'req-a' }));
    expect((await store.getOrder('a'))?.requestId).toBe('req-a');
    expect(await store.getOrder('none')).toBeUndefined();
  });
});

describe('updating orders', () => {
  it('writes the change, sets updatedAt, and logs a state change with its note', async () => {
    vi.setSystemTime(5_000_000);
    await store.addOrder(orderRecord());
    const result = await store.updateOrder(
      'local-1',
      (current) => ({ ...current, state: 'placed', total: 500 }),
      'status read',
    );
    expect(result?.before).toEqual(orderRecord());
    expect(result?.after).toEqual(
      orderRecord({ state: 'placed', total: 500, updatedAt: 5_000_000 }),
    );
    expect(await store.getOrder('local-1')).toEqual(result?.after);
    const events = await store.eventsOf('local-1');
    expect(events.map(({ at, from, to, note }) => ({ at, from, to, note }))).toEqual([
      { at: 1_000_000, from: undefined, to: 'processing', note: 'created' },
      { at: 5_000_000, from: 'processing', to: 'placed', note: 'status read' },
    ]);
  });

  it('logs no event when the state stays, and writes nothing when the change declines', async () => {
    await store.addOrder(orderRecord());
    await store.updateOrder('local-1', (current) => ({ ...current, trackingCount: 2 }), 'tracking');
    expect((await store.getOrder('local-1'))?.trackingCount).toBe(2);
    const written = await store.getOrder('local-1');
    expect(await store.updateOrder('local-1', () => undefined)).toBeUndefined();
    expect(await store.getOrder('local-1')).toEqual(written);
    expect(await store.updateOrder('missing', (current) => current)).toBeUndefined();
    expect(await store.getOrder('missing')).toBeUndefined();
    expect(await store.eventsOf('local-1')).toHaveLength(1);
  });

  it('keeps the local id even if a change tries to rename the record', async () => {
    await store.addOrder(orderRecord());
    const result = await store.updateOrder('local-1', (current) => ({
      ...current,
      localId: 'renamed',
    }));
    expect(result?.after.localId).toBe('local-1');
    expect(await store.getOrder('renamed')).toBeUndefined();
  });

  it('applies concurrent changes one after another, losing none', async () => {
    await store.addOrder(orderRecord());
    await Promise.all(
      Array.from({ length: 25 }, () =>
        store.updateOrder('local-1', (current) => ({
          ...current,
          schedule: { ...current.schedule, count: current.schedule.count + 1 },
        })),
      ),
    );
    expect((await store.getOrder('local-1'))?.schedule.count).toBe(25);
  });

  it('writes neither record nor event when the change throws', async () => {
    await store.addOrder(orderRecord());
    await expect(
      store.updateOrder('local-1', () => {
        throw new Error('bad change');
      }),
    ).rejects.toThrow('bad change');
    expect(await store.getOrder('local-1')).toEqual(orderRecord());
    expect(await store.eventsOf('local-1')).toHaveLength(1);
  });
});

describe('redaction on every write', () => {
  const echoedError = () => ({
    _type: 'error' as const,
    code: 'invalid_card_number',
    message: 'refused',
    request: secretRequest(),
  });

  it('stores no secret from addOrder, updateOrder, cancellations or the service list', async () => {
    await store.addOrder(orderRecord({ request: secretRequest() }));
    await store.updateOrder('local-1', (current) => ({
      ...current,
      request: secretRequest(),
      response: {
        _type: 'order_response',
        merchant_order_ids: [],
        tracking: [],
        delivery_dates: [{ request: secretRequest() }],
        request: secretRequest(),
      },
    }));
    await store.addCancellation(cancellation({ response: echoedError() }));
    await store.updateCancellation('c1', (current) => ({
      ...current,
      state: 'failed',
      response: echoedError(),
    }));
    await store.upsertOrder(
      { requestId: 'req-9' },
      () =>
        orderRecord({
          localId: 'sync-req-9',
          requestId: 'req-9',
          request: secretRequest('elsewhere'),
          response: echoedError(),
        }),
      { created: 'imported', updated: 'updated' },
    );
    await store.upsertOrder(
      { requestId: 'req-1' },
      (existing) => ({
        ...(existing ?? orderRecord()),
        request: secretRequest(),
        response: echoedError(),
        state: 'failed',
      }),
      { created: 'imported', updated: 'updated' },
    );
    const onDisk = await rawContents(name, factory);
    expectNoSecrets(onDisk);
    expect(onDisk).toContain(MASKED_CARD);
  });

  it('returns the redacted record to the caller, not the one passed in', async () => {
    const { record } = await store.addOrder(orderRecord({ request: secretRequest() }));
    expect(JSON.stringify(record)).not.toContain(CARD);
    expect(JSON.stringify(await store.getOrder('local-1'))).not.toContain(CARD);
  });
});

describe('cancellations and the event log', () => {
  it('adds a cancellation once and keeps it under its order', async () => {
    await store.addOrder(orderRecord({ state: 'placed' }));
    await store.addOrder(orderRecord({ localId: 'other', state: 'placed' }));
    expect((await store.addCancellation(cancellation())).created).toBe(true);
    const again = await store.addCancellation(cancellation({ state: 'cancelled' }));
    expect(again).toEqual({ record: cancellation(), created: false });
    await store.addCancellation(cancellation({ localId: 'c0', createdAt: 1_500_000 }));
    await store.addCancellation(cancellation({ localId: 'cx', orderLocalId: 'other' }));
    expect((await store.cancellationsOf('local-1')).map((c) => c.localId)).toEqual(['c0', 'c1']);
    expect(await store.getCancellation('cx')).toEqual(
      cancellation({ localId: 'cx', orderLocalId: 'other' }),
    );
    expect(await store.getCancellation('none')).toBeUndefined();
  });

  it('updates a cancellation in one transaction with its event, like an order', async () => {
    vi.setSystemTime(3_000_000);
    await store.addCancellation(cancellation());
    const result = await store.updateCancellation(
      'c1',
      (current) => ({ ...current, state: 'attempting_to_cancel', requestId: 'creq' }),
      'retailer is trying',
    );
    expect(result?.before.state).toBe('sending');
    expect(result?.after).toEqual(
      cancellation({ state: 'attempting_to_cancel', requestId: 'creq', updatedAt: 3_000_000 }),
    );
    expect(await store.updateCancellation('c1', () => undefined)).toBeUndefined();
    expect(await store.countCancellations(['attempting_to_cancel'])).toBe(1);
    expect(await store.countCancellations(['sending', 'cancelled'])).toBe(0);
  });

  it('lists the events of an order and of its cancellations by time', async () => {
    await store.addOrder(orderRecord());
    vi.setSystemTime(1_500_000);
    await store.updateOrder('local-1', (current) => ({ ...current, state: 'placed' }));
    await store.addCancellation(cancellation());
    await store.addOrder(orderRecord({ localId: 'unrelated' }));
    vi.setSystemTime(2_500_000);
    await store.updateCancellation('c1', (current) => ({ ...current, state: 'cancelled' }));
    const events = await store.eventsOf('local-1');
    expect(events.map(({ subject, localId, from, to }) => [subject, localId, from, to])).toEqual([
      ['order', 'local-1', undefined, 'processing'],
      ['order', 'local-1', 'processing', 'placed'],
      ['cancellation', 'c1', undefined, 'sending'],
      ['cancellation', 'c1', 'sending', 'cancelled'],
    ]);
    expect(events.every((event) => event.orderLocalId === 'local-1')).toBe(true);
  });

  it('clears every order, cancellation and event', async () => {
    await store.addOrder(orderRecord());
    await store.addCancellation(cancellation());
    await store.clear();
    expect(await store.getOrder('local-1')).toBeUndefined();
    expect(await store.getCancellation('c1')).toBeUndefined();
    expect(await store.eventsOf('local-1')).toEqual([]);
    expect(await rawContents(name, factory)).toBe(
      '{"orders":[],"cancellations":[],"events":[],"schedules":[]}',
    );
  });
});
