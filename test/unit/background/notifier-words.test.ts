import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { toFailure } from '../../../src/background/order-life/life-change.ts';
import {
  type Note,
  noteForCancellation,
  noteForHeld,
  noteForOrder,
} from '../../../src/background/telling/notifier.ts';
import type { CancellationRecord } from '../../../src/shared/order-record.ts';
import { orderRecord, type RecordOverrides } from './fixtures.ts';

// The words of every notice the background raises for one order: each state reads as
// what it is, storefronts by name, money and dates in the browser's language, every
// text through the browser's i18n, and never a doubled full stop.

const cancellation = (overrides: Partial<CancellationRecord> = {}): CancellationRecord => ({
  localId: 'c1',
  orderLocalId: 'local-1',
  orderRequestId: 'req-1',
  merchantOrderId: '112-1234567-1234567',
  idempotencyKey: 'k',
  createdAt: 0,
  updatedAt: 0,
  state: 'processing',
  schedule: { nextAt: 0, attempts: 0, count: 0 },
  ...overrides,
});

const processing = (overrides: RecordOverrides = {}) =>
  orderRecord({ title: 'Desk lamp', retailer: 'amazon_uk', ...overrides });

/** The notice of an order leaving `processing` for the state and fields given. */
const noteAfter = (overrides: RecordOverrides): Note | undefined =>
  noteForOrder(processing(), processing(overrides));

const failedWith = (code: string, message?: string) =>
  noteAfter({ state: 'failed', failure: toFailure(code, message) });

function expectNoDoubledStop(note: Note | undefined): void {
  expect(note).toBeDefined();
  for (const text of [note?.title ?? '', note?.message ?? '']) {
    expect(text).not.toMatch(/\.\s*\./);
    expect(text.trim()).toBe(text);
  }
}

beforeEach(() => {
  vi.stubGlobal('navigator', { language: 'en-US' });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a placed order’s notice', () => {
  it('names the storefront, not its code, and gives the total in its currency', () => {
    const note = noteAfter({ state: 'placed', total: 2124, currency: 'GBP' });
    expect(note).toEqual({
      kind: 'placed',
      title: 'Order placed',
      message: 'Desk lamp: placed on Amazon UK for £21.24.',
    });
  });

  it('reads minor units by the currency’s own decimals (none for JPY, three for KWD)', () => {
    expect(noteAfter({ state: 'placed', total: 1500, currency: 'JPY' })?.message).toContain(
      'for ¥1,500.',
    );
    expect(noteAfter({ state: 'placed', total: 12345, currency: 'KWD' })?.message).toMatch(
      /for KWD\s12\.345\.$/u,
    );
  });

  it('takes the storefront’s currency when the order has none', () => {
    expect(noteAfter({ state: 'placed', total: 2599 })?.message).toBe(
      'Desk lamp: placed on Amazon UK for £25.99.',
    );
  });

  it('writes money in the browser’s language', () => {
    vi.stubGlobal('navigator', { language: 'de-DE' });
    expect(noteAfter({ state: 'placed', total: 150000, currency: 'JPY' })?.message).toMatch(
      /for 150\.000\s¥\.$/u,
    );
    expect(noteAfter({ state: 'placed', total: 2599, currency: 'EUR' })?.message).toMatch(
      /25,99\s€\.$/u,
    );
  });

  it('says without a total where it was placed', () => {
    expect(noteAfter({ state: 'placed' })?.message).toBe('Desk lamp: placed on Amazon UK.');
  });

  it('adds the last delivery date, as a date, the same day wherever the buyer is', () => {
    const note = noteAfter({
      state: 'placed',
      total: 2124,
      currency: 'GBP',
      deliveryDates: [
        { date: '2026-05-12' },
        { date: '2026-05-11', latest: '2026-05-14' },
        { date: 'soon' },
      ],
    });
    expect(note?.message).toBe(
      'Desk lamp: placed on Amazon UK for £21.24. Delivery by May 14, 2026.',
    );
  });

  it('shows a storefront Buyline does not know by its code, as it came', () => {
    expect(noteAfter({ state: 'placed', retailer: 'target' })?.message).toBe(
      'Desk lamp: placed on target.',
    );
  });
});

describe('a failed order’s notice', () => {
  it('says why in the title and what to do in the text, naming the storefront', () => {
    expect(failedWith('credit_card_declined')).toEqual({
      kind: 'failed',
      title: 'Order failed: The card was declined',
      message: 'Desk lamp on Amazon UK: Use another card, or check the card with your bank.',
    });
  });

  it('asks to check the retailer for an order that was probably placed, never “failed”', () => {
    const note = failedWith('order_probably_placed');
    expect(note).toEqual({
      kind: 'failed',
      title: 'Check the retailer before ordering again',
      message:
        'Desk lamp on Amazon UK: The order was probably placed, but the service could not confirm it.',
    });
    expect(`${note?.title} ${note?.message}`).not.toMatch(/fail/i);
  });

  it('asks the same for every failure that may have left an order at the retailer', () => {
    expect(failedWith('duplicate_order')?.title).toBe('Check the retailer before ordering again');
    const unconfirmed = noteAfter({
      state: 'failed',
      failure: { ...toFailure('not_confirmed', undefined), needsCheck: true },
    });
    expect(unconfirmed?.title).toBe('Check the retailer before ordering again');
    expect(failedWith('max_price_exceeded')?.title).toBe(
      'Order failed: The price went above your maximum',
    );
  });

  it('says the service refused it when the failure has no words', () => {
    expect(noteAfter({ state: 'failed' })).toEqual({
      kind: 'failed',
      title: 'Order failed: the service refused it',
      message: 'Desk lamp on Amazon UK.',
    });
  });

  it('never doubles a full stop, whatever the service said', () => {
    for (const message of [undefined, 'Something failed.', 'Something failed', 'Oops. .', ' x.. '])
      expectNoDoubledStop(failedWith('quantum_flux', message));
    expect(failedWith('quantum_flux', 'Something failed.')?.title).toBe(
      'Order failed: The service gave a reason Buyline does not know: Something failed',
    );
    const endsInStop = noteAfter({
      state: 'failed',
      title: 'Lamp 3 ft.',
      failure: { code: 'x', message: '', title: 'Gone.', fix: 'Try later..' },
    });
    expect(endsInStop?.message).toBe('Lamp 3 ft. on Amazon UK: Try later.');
  });
});

describe('the other notices of an order', () => {
  it('tell a cancelled and a partly cancelled order as such', () => {
    const placed = processing({ state: 'placed', merchantOrderIds: ['M-1', 'M-2', 'M-3'] });
    const partly = { ...placed, state: 'partly_cancelled' as const };
    expect(noteForOrder(placed, { ...partly, cancelledMerchantOrderIds: ['M-1', 'M-3'] })).toEqual({
      kind: 'cancellation',
      title: 'Order partly cancelled',
      message: 'Desk lamp: 2 of 3 shipments cancelled (M-1, M-3).',
    });
    expect(noteForOrder(partly, { ...placed, state: 'cancelled' })).toEqual({
      kind: 'cancellation',
      title: 'Order cancelled',
      message: 'Desk lamp: every shipment was cancelled.',
    });
  });

  it('tell tracking, by the product ids when the order has no title', () => {
    const placed = orderRecord({ state: 'placed', productIds: ['B0A', 'B0B', 'B0C'] });
    expect(noteForOrder(placed, { ...placed, trackingCount: 1 })).toEqual({
      kind: 'tracking',
      title: 'Tracking obtained',
      message: 'B0A and 2 more: tracking is in.',
    });
  });

  it('tell a long wait in minutes, then in hours', () => {
    const queued = processing({ managed: true, createdAt: 0, updatedAt: 61 * 60_000 });
    expect(noteForOrder(queued, { ...queued, waitingNoted: true })).toEqual({
      kind: 'managed_waiting',
      title: 'Managed order still queued',
      message:
        'Desk lamp has waited 61 minutes in the managed queue. You can keep waiting or cancel it.',
    });
    const longer = { ...queued, updatedAt: 185 * 60_000 };
    expect(noteForOrder(longer, { ...longer, waitingNoted: true })?.message).toContain(
      'has waited 3 hours in',
    );
  });

  it('tell a held order with the seconds left and the storefront’s name', () => {
    const held = processing({ state: 'held', createdAt: 1_000, holdUntil: 6_000 });
    expect(noteForHeld(held)).toEqual({
      kind: 'placed',
      title: 'Sending in 5 s',
      message:
        'Desk lamp on Amazon UK: cancel it now if you did not mean to order it; nothing has been sent yet.',
    });
  });

  it('tell a cancellation under way, and one refused with its reason and fix, stops once', () => {
    expect(
      noteForCancellation(cancellation(), cancellation({ state: 'attempting_to_cancel' })),
    ).toEqual({
      kind: 'cancellation',
      title: 'Cancellation under way',
      message: 'The retailer is trying to cancel order 112-1234567-1234567.',
    });
    const refused = noteForCancellation(
      cancellation({ state: 'attempting_to_cancel' }),
      cancellation({ state: 'failed', failure: toFailure('cancellation_failed', undefined) }),
    );
    expect(refused).toEqual({
      kind: 'cancellation',
      title: 'Cancellation failed',
      message:
        'Order 112-1234567-1234567 could not be cancelled: The retailer could not cancel the order. The order may have shipped already: return it once it arrives, or contact the retailer.',
    });
    expect(noteForCancellation(cancellation(), cancellation({ state: 'failed' }))?.message).toBe(
      'Order 112-1234567-1234567 could not be cancelled: the retailer refused.',
    );
  });
});

describe('every notice', () => {
  it('asks the browser’s i18n for its words', () => {
    const getMessage = vi.fn(
      (key: string, subs?: string | string[]) =>
        `‹${key}${[subs ?? []]
          .flat()
          .map((sub) => `|${sub}`)
          .join('')}›`,
    );
    vi.stubGlobal('chrome', { i18n: { getMessage } });
    expect(noteAfter({ state: 'placed', total: 2124, currency: 'GBP' })).toMatchObject({
      title: '‹notifyPlacedTitle›',
      message: '‹notifyPlacedMessageTotal|Desk lamp|‹retailer_amazon_uk›|£21.24›.',
    });
    expect(failedWith('order_probably_placed')?.title).toBe('‹notifyCheckRetailerTitle›');
    expect(failedWith('credit_card_declined')?.title).toBe(
      '‹notifyFailedTitle|‹error_credit_card_declined_title››',
    );
    const held = processing({ state: 'held', createdAt: 0, holdUntil: 5_000 });
    expect(noteForHeld(held)?.title).toBe('‹notifyHeldTitle|5›');
  });
});
