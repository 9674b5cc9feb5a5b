import { describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { badgeTitle } from '../../../src/background/badge.ts';
import {
  noteForCancellation,
  noteForOrder,
  orderOfNotification,
} from '../../../src/background/notifier.ts';
import type { CancellationRecord } from '../../../src/shared/order-record.ts';
import { orderRecord } from './fixtures.ts';

const cancellation = (state: CancellationRecord['state']): CancellationRecord => ({
  localId: 'c1',
  orderLocalId: 'local-1',
  orderRequestId: 'req-1',
  merchantOrderId: 'M-1',
  idempotencyKey: 'k',
  createdAt: 0,
  updatedAt: 0,
  state,
  schedule: { nextAt: 0, attempts: 0, count: 0 },
});

describe('notifications', () => {
  it('tells a placed order with its total in the storefront currency', () => {
    const note = noteForOrder(
      orderRecord(),
      orderRecord({ state: 'placed', total: 2599, currency: 'USD', title: 'Desk lamp' }),
    );
    expect(note?.kind).toBe('placed');
    expect(note?.message).toContain('$25.99');
    expect(note?.message).toContain('Desk lamp');
  });

  it('tells a failure with its reason and the fix', () => {
    const note = noteForOrder(
      orderRecord(),
      orderRecord({
        state: 'failed',
        failure: {
          code: 'no_free_shipping',
          message: '',
          title: 'No free shipping',
          fix: 'Choose another shipping method.',
        },
      }),
    );
    expect(note).toMatchObject({ kind: 'failed', title: 'Order failed: No free shipping' });
    expect(note?.message).toContain('Choose another shipping method.');
  });

  it('tells the first tracking once, and nothing for a change that is not news', () => {
    expect(
      noteForOrder(
        orderRecord({ state: 'placed' }),
        orderRecord({ state: 'placed', trackingCount: 1 }),
      )?.kind,
    ).toBe('tracking');
    expect(
      noteForOrder(
        orderRecord({ state: 'placed', trackingCount: 1 }),
        orderRecord({ state: 'placed', trackingCount: 2 }),
      ),
    ).toBeUndefined();
    expect(noteForOrder(orderRecord(), orderRecord())).toBeUndefined();
  });

  it('tells each state of a cancellation', () => {
    expect(
      noteForCancellation(cancellation('processing'), cancellation('attempting_to_cancel'))?.title,
    ).toBe('Cancellation under way');
    expect(
      noteForCancellation(cancellation('attempting_to_cancel'), cancellation('cancelled'))?.title,
    ).toBe('Order cancelled');
    expect(
      noteForCancellation(cancellation('attempting_to_cancel'), cancellation('failed'))?.title,
    ).toBe('Cancellation failed');
    expect(
      noteForCancellation(cancellation('processing'), cancellation('processing')),
    ).toBeUndefined();
  });

  it('finds the order a notification is about', () => {
    expect(orderOfNotification('buyline:order:abc-123:placed')).toBe('abc-123');
    expect(orderOfNotification('something-else')).toBeUndefined();
  });

  it('says what is in flight in words', () => {
    expect(badgeTitle(0, 0)).toBe('Buyline: nothing in flight');
    expect(badgeTitle(1, 0)).toBe('Buyline: 1 order in flight');
    expect(badgeTitle(2, 1)).toBe('Buyline: 2 orders in flight, 1 cancellation in flight');
  });
});
