import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { plugInBulk } from '../../../src/background/bulk/plug-in.ts';
import { history } from '../../../src/background/history/connection.ts';
import { BADGE_COLOURS, badgeTitle, refreshBadge } from '../../../src/background/telling/badge.ts';
import { pageForNotification } from '../../../src/background/telling/notice-clicks.ts';
import {
  announceOrderAdded,
  announceOrderChange,
  heldOrderOfButton,
  noteForCancellation,
  noteForOrder,
  orderOfNotification,
} from '../../../src/background/telling/notifier.ts';
import type { CancellationRecord } from '../../../src/shared/order-record.ts';
import { fakeBrowser, resetExtension } from './extension-env.ts';
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
    // A success is told as the order's (cancelled or partly cancelled), once.
    expect(
      noteForCancellation(cancellation('attempting_to_cancel'), cancellation('cancelled')),
    ).toBeUndefined();
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

  it('tells an order partly cancelled, then cancelled, by its merchant orders', () => {
    const placed = orderRecord({
      state: 'placed',
      merchantOrderIds: ['M-1', 'M-2'],
      title: 'Desk lamp',
    });
    const partly = {
      ...placed,
      state: 'partly_cancelled' as const,
      cancelledMerchantOrderIds: ['M-1'],
    };
    const note = noteForOrder(placed, partly);
    expect(note).toMatchObject({ kind: 'cancellation', title: 'Order partly cancelled' });
    expect(note?.message).toBe('Desk lamp: 1 of 2 shipments cancelled (M-1).');
    const whole = {
      ...partly,
      state: 'cancelled' as const,
      cancelledMerchantOrderIds: ['M-1', 'M-2'],
    };
    expect(noteForOrder(partly, whole)).toMatchObject({
      kind: 'cancellation',
      title: 'Order cancelled',
      message: 'Desk lamp: every shipment was cancelled.',
    });
    expect(noteForOrder(whole, whole)).toBeUndefined();
  });

  it('tells a managed order still queued once, when its long wait is first noted', () => {
    const queued = orderRecord({ managed: true, createdAt: 0, updatedAt: 61 * 60_000 });
    expect(noteForOrder(queued, { ...queued, waitingNoted: true })).toMatchObject({
      kind: 'managed_waiting',
      message: expect.stringContaining('has waited 61 minutes'),
    });
    expect(
      noteForOrder({ ...queued, waitingNoted: true }, { ...queued, waitingNoted: true }),
    ).toBeUndefined();
  });
});

describe('notices in the browser', () => {
  beforeEach(resetExtension);

  const held = orderRecord({
    localId: 'h1',
    state: 'held',
    createdAt: 1_000,
    holdUntil: 6_000,
    title: 'Desk lamp',
  });

  it('offers Undo on a held order’s notification where buttons exist (Chrome)', async () => {
    await announceOrderAdded(held);
    const shown = fakeBrowser.notifications.getAllCreateOptions() as Record<
      string,
      { title: string; buttons?: unknown }
    >;
    expect(shown['buyline:order:h1:held']).toMatchObject({
      title: 'Sending in 5 s',
      buttons: [{ title: 'Cancel order' }],
    });
    expect(heldOrderOfButton('buyline:order:h1:held', 0)).toBe('h1');
    expect(heldOrderOfButton('buyline:order:h1:placed', 0)).toBeUndefined();
    // Sent: the held notice and its Undo go away.
    await announceOrderChange(held, { ...held, state: 'sending' });
    expect(Object.keys(await fakeBrowser.notifications.getAll())).toEqual([]);
  });

  it('never passes buttons in Firefox, which rejects them', async () => {
    const runtime = fakeBrowser.runtime as { getBrowserInfo?: () => Promise<unknown> };
    runtime.getBrowserInfo = async () => ({ name: 'Firefox' });
    try {
      await announceOrderAdded(held);
      const shown = fakeBrowser.notifications.getAllCreateOptions() as Record<string, object>;
      expect(shown['buyline:order:h1:held']).toMatchObject({ title: 'Sending in 5 s' });
      expect(shown['buyline:order:h1:held']).not.toHaveProperty('buttons');
    } finally {
      delete runtime.getBrowserInfo;
    }
  });

  it('raises no notice of its own for an order of a batch, except its cancellation', async () => {
    const ofBatch = { ...held, localId: 'b1', batchId: 'batch-1' };
    await announceOrderAdded(ofBatch);
    const sending = { ...ofBatch, state: 'sending' as const };
    await announceOrderChange(ofBatch, sending);
    const processing = { ...sending, state: 'processing' as const };
    await announceOrderChange(sending, processing);
    const placed = { ...processing, state: 'placed' as const, merchantOrderIds: ['M-1', 'M-2'] };
    await announceOrderChange(processing, placed);
    await announceOrderChange(placed, { ...placed, trackingCount: 1 });
    await announceOrderChange(processing, {
      ...processing,
      state: 'failed',
      failure: { code: 'product_unavailable', message: '', title: 'Gone', fix: 'Try later.' },
    });
    await announceOrderChange(
      { ...processing, managed: true },
      { ...processing, managed: true, waitingNoted: true },
    );
    expect(await fakeBrowser.notifications.getAll()).toEqual({});
    // What the buyer did to this one order is still told of it.
    await announceOrderChange(placed, {
      ...placed,
      state: 'partly_cancelled',
      cancelledMerchantOrderIds: ['M-1'],
    });
    expect(Object.keys(await fakeBrowser.notifications.getAll())).toEqual([
      'buyline:order:b1:partly_cancelled',
    ]);
    // The same changes of an order placed alone are told.
    const { batchId: _batch, ...alone } = { ...placed, localId: 'alone' };
    await announceOrderChange(processing, alone);
    expect(Object.keys(await fakeBrowser.notifications.getAll())).toContain(
      'buyline:order:alone:placed',
    );
  });

  it('shows "!" in red while failures wait to be seen, and says how many in the title', async () => {
    const store = await history();
    await store.addOrder(held);
    await store.addOrder(orderRecord({ localId: 'f1', state: 'failed', seenAt: 0 }));
    await store.addOrder(orderRecord({ localId: 'f2', state: 'failed', seenAt: 0 }));
    await store.addOrder(orderRecord({ localId: 'f3', state: 'failed', seenAt: 123 }));
    expect(await refreshBadge()).toEqual({
      text: '!',
      title: 'Buyline: 2 orders need your attention, 1 order in flight',
      colour: BADGE_COLOURS.attention,
    });
    expect(await fakeBrowser.action.getBadgeText({})).toBe('!');
    expect(await fakeBrowser.action.getTitle({})).toBe(
      'Buyline: 2 orders need your attention, 1 order in flight',
    );
    await store.markSeen(['f1'], 5_000);
    expect((await refreshBadge()).title).toBe(
      'Buyline: 1 order needs your attention, 1 order in flight',
    );
    await store.markSeen(['f2'], 5_000);
    expect(await refreshBadge()).toEqual({
      text: '1',
      title: 'Buyline: 1 order in flight',
      colour: BADGE_COLOURS.inFlight,
    });
  });

  it('opens a batch’s notice on the Bulk orders page, an order’s in the popup', () => {
    // Bulk's notices open its page once it joined the worker, as at the worker's start.
    plugInBulk();
    expect(pageForNotification('buyline:batch:b-1:finished')).toBe('src/bulk/index.html#batch=b-1');
    expect(pageForNotification('buyline:batch:b-1:paused')).toBe('src/bulk/index.html#batch=b-1');
    expect(pageForNotification('buyline:order:o-1:placed')).toBe('src/popup/index.html#order=o-1');
    expect(pageForNotification('other')).toBe('src/popup/index.html');
  });

  it('counts held orders and cancellations in flight on the badge, not cancelled orders', async () => {
    const store = await history();
    await store.addOrder(held);
    await store.addOrder(
      orderRecord({ localId: 'gone', state: 'cancelled', cancelledMerchantOrderIds: ['M-1'] }),
    );
    await store.addOrder(orderRecord({ localId: 'part', state: 'partly_cancelled' }));
    await store.addCancellation({ ...cancellation('attempting_to_cancel'), orderLocalId: 'part' });
    expect(await refreshBadge()).toEqual({
      text: '2',
      title: 'Buyline: 1 order in flight, 1 cancellation in flight',
      colour: BADGE_COLOURS.inFlight,
    });
    await store.updateCancellation('c1', (c) => ({ ...c, state: 'cancelled' }));
    await store.updateOrder('h1', (o) => ({ ...o, state: 'cancelled' }));
    expect(await refreshBadge()).toEqual({ text: '', title: 'Buyline: nothing in flight' });
  });
});
