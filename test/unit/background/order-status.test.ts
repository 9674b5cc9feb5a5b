import { describe, expect, it } from 'vitest';
import {
  applyOrderStatus,
  backoffDelay,
  trackingComplete,
} from '../../../src/background/order-status.ts';
import { defaultSettings } from '../../../src/shared/settings.ts';
import { orderRecord } from './fixtures.ts';

const settings = defaultSettings();
const now = 2_000_000;

const placedBody = (tracking: Record<string, unknown>[] = []) => ({
  _type: 'order_response' as const,
  price_components: { total: 2599, currency: 'USD', subtotal: 2000 },
  merchant_order_ids: [
    {
      merchant_order_id: 'M-1',
      merchant: 'amazon',
      account: 'a',
      placed_at: '2026-01-01T00:00:00Z',
    },
    {
      merchant_order_id: 'M-2',
      merchant: 'other',
      account: 'a',
      placed_at: '2026-01-01T00:00:00Z',
    },
  ],
  tracking,
  delivery_dates: [],
  future_field: { kept: true },
});

describe('applyOrderStatus', () => {
  it('keeps a processing order processing and reads it again at the fast cadence', () => {
    const after = applyOrderStatus(
      orderRecord({ createdAt: now - 1000 }),
      { state: 'processing', body: { _type: 'error', code: 'request_processing' } },
      now,
      settings,
    );
    expect(after.state).toBe('processing');
    expect(after.schedule.nextAt).toBe(now + settings.polling.fastSeconds * 1000);
  });

  it('slows to once a minute after the first ten minutes of processing', () => {
    const after = applyOrderStatus(
      orderRecord({ createdAt: now - 11 * 60_000 }),
      { state: 'processing', body: { _type: 'error', code: 'request_processing' } },
      now,
      settings,
    );
    expect(after.schedule.nextAt).toBe(now + 60_000);
  });

  it('records a placed order with its total, merchant orders and unknown fields', () => {
    const after = applyOrderStatus(
      orderRecord(),
      { state: 'placed', order: placedBody() } as never,
      now,
      settings,
    );
    expect(after.state).toBe('placed');
    expect(after.total).toBe(2599);
    expect(after.currency).toBe('USD');
    expect(after.merchantOrderIds).toEqual(['M-1', 'M-2']);
    expect((after.response as Record<string, unknown>).future_field).toEqual({ kept: true });
    expect(after.trackingDone).toBe(false);
    expect(after.schedule.nextAt).toBe(now + settings.polling.trackingMinutes * 60_000);
  });

  it('stops watching a placed order once every merchant order and product is tracked', () => {
    const tracking = [
      { merchant_order_id: 'M-1', product_id: 'B0TEST0001', carrier: 'UPS', tracking_number: '1Z' },
      {
        merchant_order_id: 'M-2',
        product_id: 'B0TEST0001',
        carrier: 'USPS',
        tracking_number: '94',
      },
    ];
    const after = applyOrderStatus(
      orderRecord(),
      { state: 'placed', order: placedBody(tracking) } as never,
      now,
      settings,
    );
    expect(after.trackingCount).toBe(2);
    expect(after.trackingDone).toBe(true);
    expect(after.schedule.nextAt).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('records a failure with the service code and a plain explanation', () => {
    const after = applyOrderStatus(
      orderRecord(),
      {
        state: 'failed',
        code: 'max_price_exceeded',
        message: 'Too dear',
        data: { max_price: 100 },
        body: { _type: 'error', code: 'max_price_exceeded' },
      } as never,
      now,
      settings,
    );
    expect(after.state).toBe('failed');
    expect(after.failure?.code).toBe('max_price_exceeded');
    expect(after.failure?.fix.length).toBeGreaterThan(10);
    expect(after.schedule.nextAt).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('never moves a final order back to processing', () => {
    const placed = orderRecord({ state: 'placed' });
    const after = applyOrderStatus(
      placed,
      { state: 'processing', body: { _type: 'error', code: 'request_processing' } } as never,
      now,
      settings,
    );
    expect(after).toBe(placed);
  });
});

describe('tracking and backoff', () => {
  it('is not complete while a merchant order has no tracking', () => {
    expect(
      trackingComplete({ merchantOrderIds: ['A', 'B'], productIds: ['p'] }, [
        { merchant_order_id: 'A' },
      ]),
    ).toBe(false);
    expect(
      trackingComplete({ merchantOrderIds: ['A'], productIds: ['p', 'q'] }, [
        { merchant_order_id: 'A' },
      ]),
    ).toBe(false);
    expect(
      trackingComplete({ merchantOrderIds: ['A'], productIds: ['p'] }, [
        { merchant_order_id: 'A' },
      ]),
    ).toBe(true);
  });

  it('doubles the wait after each transient failure, up to ten minutes', () => {
    expect([1, 2, 3, 4].map(backoffDelay)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(backoffDelay(30)).toBe(600_000);
  });
});
