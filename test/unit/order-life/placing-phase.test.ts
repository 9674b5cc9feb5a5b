import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../../src/api/outcomes.ts';
import { importedOrder, newOrder } from '../../../src/background/order-life/new-order.ts';
import {
  changeOrderRecord,
  type OrderEvent,
} from '../../../src/background/order-life/order-changes.ts';
import {
  isBeingPlaced,
  placingSince,
  placingTook,
} from '../../../src/background/order-life/placing-phase.ts';
import { keysOf } from '../../../src/background/order-life/service-body.ts';
import type { OrderRecord } from '../../../src/shared/order-record.ts';
import { defaultSettings } from '../../../src/shared/settings.ts';

const settings = defaultSettings();
const start = Date.UTC(2026, 2, 1, 9);
const request = {
  retailer: 'amazon',
  products: [{ product_id: 'B0TEST0001', quantity: 1 }],
} as never;
const body = {
  _type: 'order_response' as const,
  request_id: 'req-7',
  merchant_order_ids: [
    {
      merchant_order_id: 'M-1',
      merchant: 'amazon',
      account: 'a',
      placed_at: '2026-03-01T08:00:00Z',
    },
  ],
  tracking: [],
  delivery_dates: [],
  request: { retailer: 'amazon', products: [{ product_id: 'B0TEST0001', quantity: 1 }] },
};
const placed: OrderStatus = { state: 'placed', order: body };

function changed(record: OrderRecord, event: OrderEvent, now: number): OrderRecord {
  const change = changeOrderRecord(record, event, { now, settings });
  if (!('record' in change)) throw new Error(`not changed: ${JSON.stringify(change)}`);
  return change.record;
}

describe('when placing began and ended, as the order’s life records it', () => {
  it('times a held order from the end of its hold to the read that saw it placed', () => {
    const held = newOrder('d1', request, undefined, { now: start, settings });
    expect(isBeingPlaced(held.state)).toBe(false);
    const sending = changed(held, { type: 'hold_ended' }, start + 5_000);
    expect(sending.sentAt).toBe(start + 5_000);
    expect(isBeingPlaced(sending.state)).toBe(true);
    const processing = changed(sending, { type: 'accepted', requestId: 'req-7' }, start + 6_000);
    expect(placingSince(processing)).toBe(start + 5_000);
    expect(processing.placedAt).toBeUndefined();
    const done = changed(processing, { type: 'status', status: placed }, start + 125_000);
    expect(done.placedAt).toBe(start + 125_000);
    expect(placingTook(done)).toBe(120_000);
    expect(isBeingPlaced(done.state)).toBe(false);
    // Later reads of a placed order (for its tracking) keep when it was first seen placed.
    const again = changed(done, { type: 'status', status: placed }, start + 900_000);
    expect(again.placedAt).toBe(start + 125_000);
  });

  it('times an order sent at once from its creation, and restarts after a token wait', () => {
    const sending = newOrder('d2', request, undefined, {
      now: start,
      settings: { ...settings, holdSeconds: 0 },
    });
    expect(sending.sentAt).toBeUndefined();
    expect(placingSince(sending)).toBe(start);
    const waiting = changed(sending, { type: 'token_refused', error: '401' }, start + 1_000);
    expect(isBeingPlaced(waiting.state)).toBe(false);
    const resent = changed(waiting, { type: 'token_ready' }, start + 3_600_000);
    expect(placingSince(resent)).toBe(start + 3_600_000);
  });

  it('does not time an order imported by sync: it was not followed from its start', () => {
    const imported = importedOrder(body, placed, keysOf(body), { now: start, settings });
    expect(imported?.state).toBe('placed');
    expect(imported?.placedAt).toBeUndefined();
    expect(imported && placingTook(imported)).toBeUndefined();
  });
});
