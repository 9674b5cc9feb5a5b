import { describe, expect, it } from 'vitest';
import type { OrderResponse } from '../../../src/api/schemas/responses.ts';
import {
  deliveryDatesOf,
  isAbout,
  keysOf,
  placedAtOf,
} from '../../../src/background/order-life/service-body.ts';
import { orderRecord } from '../background/fixtures.ts';

const response = (
  fields: Partial<OrderResponse> & Record<string, unknown> = {},
): OrderResponse => ({
  _type: 'order_response',
  merchant_order_ids: [],
  tracking: [],
  delivery_dates: [],
  ...fields,
});

describe('reading what the service says about an order', () => {
  it('finds our reference, the idempotency key and the merchant order ids; a request id only if sent', () => {
    const body = response({
      request: { client_notes: { buyline_ref: 'draft-1', other: 1 }, idempotency_key: 'k-1' },
      merchant_order_ids: [{ merchant_order_id: 'M-1' }, { merchant_order_id: 'M-2' }],
    });
    expect(keysOf(body)).toEqual({
      ref: 'draft-1',
      idempotencyKey: 'k-1',
      merchantOrderIds: ['M-1', 'M-2'],
    });
    expect(keysOf(response({ request_id: 'r1' })).requestId).toBe('r1');
    expect(keysOf(response({ request: { client_notes: 'not an object' } }))).toEqual({
      merchantOrderIds: [],
    });
  });

  it('ties a body to a record by any of those', () => {
    const record = orderRecord({
      localId: 'draft-1',
      requestId: 'r1',
      idempotencyKey: 'k',
      merchantOrderIds: ['M-9'],
    });
    expect(isAbout({ ref: 'draft-1', merchantOrderIds: [] }, record)).toBe(true);
    expect(isAbout({ requestId: 'r1', merchantOrderIds: [] }, record)).toBe(true);
    expect(isAbout({ idempotencyKey: 'k', merchantOrderIds: [] }, record)).toBe(true);
    expect(isAbout({ merchantOrderIds: ['M-0', 'M-9'] }, record)).toBe(true);
    expect(isAbout({ ref: 'other', merchantOrderIds: ['M-0'] }, record)).toBe(false);
  });

  it('dates an order by its earliest placed_at, else a created_at, else not at all', () => {
    expect(
      placedAtOf(
        response({
          merchant_order_ids: [
            { merchant_order_id: 'A', placed_at: '2026-03-02T10:00:00Z' },
            { merchant_order_id: 'B', placed_at: '2026-03-01T10:00:00Z' },
            { merchant_order_id: 'C', placed_at: 'not a date' },
          ],
        }),
      ),
    ).toBe(Date.parse('2026-03-01T10:00:00Z'));
    expect(placedAtOf(response({ created_at: '2026-02-01T00:00:00Z' }))).toBe(
      Date.parse('2026-02-01T00:00:00Z'),
    );
    expect(placedAtOf(response())).toBeUndefined();
  });

  it('reads delivery dates whatever shape their elements take', () => {
    const dates = deliveryDatesOf(
      response({
        delivery_dates: [
          { product_id: 'P1', delivery_date: '2026-01-08' },
          { product_id: 'P2', date: '2026-01-09T12:00:00Z' },
          {
            product_id: 'P3',
            estimated_delivery: { earliest: '2026-01-10', latest: '2026-01-12' },
          },
          { product_id: 'P4', delivery_window: { start: '2026-01-11', end: '2026-01-13' } },
          '2026-01-14',
          { productId: 'P6', estimated_delivery_date: '2026-01-15' },
          { product_id: 'P7', note: 'no date here' },
          null,
          42,
          { product_id: 'P8', delivery_date: Date.UTC(2026, 0, 16) },
        ],
      }),
    );
    expect(dates).toEqual([
      { productId: 'P1', date: '2026-01-08' },
      { productId: 'P2', date: '2026-01-09T12:00:00Z' },
      { productId: 'P3', date: '2026-01-10', latest: '2026-01-12' },
      { productId: 'P4', date: '2026-01-11', latest: '2026-01-13' },
      { date: '2026-01-14' },
      { productId: 'P6', date: '2026-01-15' },
      { productId: 'P8', date: '2026-01-16T00:00:00.000Z' },
    ]);
  });
});
