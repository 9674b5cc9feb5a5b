import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../../src/api/outcomes.ts';
import { changeCancellationRecord } from '../../../src/background/order-life/life-change.ts';
import { importedOrder, newOrder } from '../../../src/background/order-life/new-order.ts';
import {
  changeOrderRecord,
  type OrderChange,
  type OrderEvent,
} from '../../../src/background/order-life/order-changes.ts';
import { keysOf } from '../../../src/background/order-life/service-body.ts';
import type { CancellationRecord, OrderRecord } from '../../../src/shared/order-record.ts';
import { defaultSettings, type Settings } from '../../../src/shared/settings.ts';
import { orderRecord } from '../background/fixtures.ts';

const settings: Settings = defaultSettings();
const now = 50_000_000;
const ctx = { now, settings };

function changed(record: OrderRecord, event: OrderEvent, at = now): OrderRecord {
  const change: OrderChange = changeOrderRecord(record, event, { now: at, settings });
  if (!('record' in change)) throw new Error(`not changed: ${JSON.stringify(change)}`);
  return change.record;
}

const placedBody = (tracking: Record<string, unknown>[] = []) => ({
  _type: 'order_response' as const,
  price_components: { total: 2599, currency: 'USD', subtotal: 2000 },
  merchant_order_ids: [
    {
      merchant_order_id: 'M-1',
      merchant: 'amazon',
      account: 'a',
      placed_at: '2026-01-01T10:00:00Z',
    },
    {
      merchant_order_id: 'M-2',
      merchant: 'other',
      account: 'a',
      placed_at: '2026-01-01T09:00:00Z',
    },
  ],
  tracking,
  delivery_dates: [{ product_id: 'B0TEST0001', delivery_date: '2026-01-08' }],
  request: { retailer: 'amazon', products: [{ product_id: 'B0TEST0001', quantity: 1 }] },
  future_field: { kept: true },
});
const placed = (tracking: Record<string, unknown>[] = []): OrderStatus => ({
  state: 'placed',
  order: placedBody(tracking),
});
const processing: OrderStatus = {
  state: 'processing',
  body: { _type: 'error', code: 'request_processing' },
};

describe('an order’s record, event by event', () => {
  it('starts held for the hold of the settings, or sending when the hold is off', () => {
    const request = {
      retailer: 'amazon',
      products: [{ product_id: 'B0TEST0001', quantity: 1 }],
    } as never;
    const held = newOrder('d1', request, 'Lamp', ctx);
    expect(held).toMatchObject({ state: 'held', holdUntil: now + 5_000, title: 'Lamp' });
    expect(held.schedule.nextAt).toBe(now + 5_000);
    const sent = newOrder('d2', request, undefined, {
      now,
      settings: { ...settings, holdSeconds: 0 },
    });
    expect(sent.state).toBe('sending');
    expect(sent).not.toHaveProperty('holdUntil');
    expect(sent.schedule.nextAt).toBe(now);
    expect(changed(held, { type: 'hold_ended' })).not.toHaveProperty('holdUntil');
  });

  it('is read 1 s after it is accepted, then backs off to the fast cadence', () => {
    const sending = orderRecord({ state: 'sending', requestId: undefined });
    const accepted = changed(sending, { type: 'accepted', requestId: 'r1' });
    expect(accepted).toMatchObject({ state: 'processing', requestId: 'r1' });
    expect(accepted.schedule.nextAt).toBe(now + 1_000);
    let record = accepted;
    const delays: number[] = [];
    for (let read = 0; read < 5; read++) {
      const at = record.schedule.nextAt;
      record = changed(record, { type: 'status', status: processing }, at);
      delays.push(record.schedule.nextAt - at);
    }
    expect(delays).toEqual([2_000, 4_000, 5_000, 5_000, 5_000]);
  });

  it('records a placed order: total, merchant orders, delivery dates, unknown fields kept', () => {
    const after = changed(orderRecord(), { type: 'status', status: placed() });
    expect(after).toMatchObject({
      state: 'placed',
      total: 2599,
      currency: 'USD',
      merchantOrderIds: ['M-1', 'M-2'],
      deliveryDates: [{ productId: 'B0TEST0001', date: '2026-01-08' }],
      trackingDone: false,
    });
    expect((after.response as Record<string, unknown>).future_field).toEqual({ kept: true });
    expect(after.schedule.nextAt).toBe(now + 30 * 60_000);
  });

  it('stops watching once every merchant order and product is tracked', () => {
    const tracking = [
      { merchant_order_id: 'M-1', product_id: 'B0TEST0001', tracking_number: '1Z' },
      { merchant_order_id: 'M-2', product_id: 'B0TEST0001', tracking_number: '94' },
    ];
    const after = changed(orderRecord(), { type: 'status', status: placed(tracking) });
    expect(after).toMatchObject({ trackingCount: 2, trackingDone: true });
    expect(after.schedule.nextAt).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('records a failure with the service code and a plain explanation', () => {
    const after = changed(orderRecord(), {
      type: 'status',
      status: {
        state: 'failed',
        code: 'max_price_exceeded',
        message: 'Too dear',
        data: { max_price: 100 },
        body: { _type: 'error', code: 'max_price_exceeded' },
      },
    });
    expect(after).toMatchObject({ state: 'failed', trackingDone: true });
    expect(after.failure).toMatchObject({
      code: 'max_price_exceeded',
      title: 'The price went above your maximum.',
    });
    expect(after.schedule.nextAt).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('never takes a placed order back: a late processing or failure is refused', () => {
    const order = changed(orderRecord(), { type: 'status', status: placed() });
    expect(changeOrderRecord(order, { type: 'status', status: processing }, ctx)).toEqual({
      refused: 'A placed order never goes back.',
      event: 'read_processing',
    });
  });

  it('is partly cancelled, then cancelled, as its merchant orders are', () => {
    const order = changed(orderRecord(), { type: 'status', status: placed() });
    const partly = changed(order, { type: 'merchant_cancelled', merchantOrderId: 'M-2' });
    expect(partly).toMatchObject({ state: 'partly_cancelled', cancelledMerchantOrderIds: ['M-2'] });
    expect(partly.trackingDone).toBe(false);
    const whole = changed(partly, { type: 'merchant_cancelled', merchantOrderId: 'M-1' });
    expect(whole).toMatchObject({
      state: 'cancelled',
      cancelledMerchantOrderIds: ['M-2', 'M-1'],
      trackingDone: true,
    });
    expect(whole.schedule.nextAt).toBe(Number.MAX_SAFE_INTEGER);
    // Read again (a sync, a tracking check), it stays what it is.
    expect(changed(whole, { type: 'status', status: placed() }).state).toBe('cancelled');
    expect(changed(partly, { type: 'status', status: placed() }).state).toBe('partly_cancelled');
  });

  it('turns unconfirmed after the fourth unknown outcome, or at once without a safe resend', () => {
    let record = orderRecord({ state: 'sending', requestId: undefined });
    const states: string[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      record = changed(record, { type: 'post_unknown', error: 'no answer', resendable: true });
      states.push(record.state);
    }
    expect(states).toEqual(['sending', 'sending', 'sending', 'unconfirmed']);
    const unsafe = changed(orderRecord({ state: 'sending', requestId: undefined }), {
      type: 'post_unknown',
      error: 'no answer',
      resendable: false,
    });
    expect(unsafe.state).toBe('unconfirmed');
    expect(unsafe.schedule).toMatchObject({ rule: 'reconcile', nextAt: now + 5_000 });
  });

  it('gives an unconfirmed order up after a day not found, telling the user to check', () => {
    let record = changed(orderRecord({ state: 'sending', requestId: undefined }), {
      type: 'post_unknown',
      error: 'lost',
      resendable: false,
    });
    while (record.state === 'unconfirmed')
      record = changed(record, { type: 'not_listed' }, record.schedule.nextAt);
    expect(record.state).toBe('failed');
    expect(record.failure?.code).toBe('not_confirmed');
    expect(record.schedule.count).toBeGreaterThan(100);
  });

  it('notes a managed order’s long wait once', () => {
    const queued = orderRecord({ managed: true, createdAt: now - 61 * 60_000 });
    const noted = changed(queued, { type: 'status', status: processing });
    expect(noted.waitingNoted).toBe(true);
    expect(
      changed(orderRecord({ managed: true, createdAt: now - 60_000 }), {
        type: 'status',
        status: processing,
      }).waitingNoted,
    ).toBeUndefined();
  });
});

describe('an order imported from the service’s list', () => {
  it('is known by its merchant order ids and dated by the earliest placed_at', () => {
    const body = placedBody();
    const record = importedOrder(body, placed(), keysOf(body), ctx) as OrderRecord;
    expect(record).toMatchObject({
      localId: 'sync-mo-M-1+M-2',
      source: 'sync',
      state: 'placed',
      retailer: 'amazon',
      productIds: ['B0TEST0001'],
      createdAt: Date.parse('2026-01-01T09:00:00Z'),
    });
    expect(record).not.toHaveProperty('requestId');
  });

  it('is known by our reference, or a request id, when the body carries one', () => {
    const mine = { ...placedBody(), request: { client_notes: { buyline_ref: 'draft-9' } } };
    expect(importedOrder(mine, placed(), keysOf(mine), ctx)?.localId).toBe('draft-9');
    const withId = { ...placedBody(), request_id: 'r7' };
    expect(importedOrder(withId, placed(), keysOf(withId), ctx)).toMatchObject({
      localId: 'sync-r7',
      requestId: 'r7',
    });
  });
});

describe('a cancellation’s record', () => {
  const cancellation = (state: CancellationRecord['state']): CancellationRecord => ({
    localId: 'c1',
    orderLocalId: 'local-1',
    orderRequestId: 'req-1',
    merchantOrderId: 'M-1',
    idempotencyKey: 'k',
    requestId: 'cr-1',
    createdAt: now,
    updatedAt: now,
    state,
    schedule: { nextAt: now, attempts: 0, count: 0 },
  });

  it('is read every second or two while the retailer attempts, then ends', () => {
    const attempting = changeCancellationRecord(
      cancellation('processing'),
      {
        type: 'status',
        status: {
          state: 'attempting_to_cancel',
          message: '',
          body: { _type: 'error', code: 'attempting_to_cancel' },
        },
      },
      ctx,
    );
    expect(attempting).toMatchObject({ record: { state: 'attempting_to_cancel' } });
    const record = (attempting as { record: CancellationRecord }).record;
    expect(record.schedule.nextAt - now).toBeLessThanOrEqual(2_000);
    const done = changeCancellationRecord(
      record,
      {
        type: 'status',
        status: {
          state: 'cancelled',
          cancellation: { _type: 'cancellation_response', merchant_order_id: 'M-1' },
        },
      },
      ctx,
    );
    expect(done).toMatchObject({
      record: { state: 'cancelled', schedule: { nextAt: Number.MAX_SAFE_INTEGER } },
    });
  });
});
