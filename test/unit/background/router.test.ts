import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { history } from '../../../src/background/history/connection.ts';
import { isOwnPage, route } from '../../../src/background/pages/router.ts';
import { refreshBadge } from '../../../src/background/telling/badge.ts';
import { subscribeChanges } from '../../../src/shared/change-feed.ts';
import type { OrderRecord } from '../../../src/shared/order-record.ts';
import { STORED_KEYS } from '../../../src/shared/stored-keys.ts';
import { MANAGED_ORDER } from '../../fixtures.ts';
import { fileRow, startPayload } from '../bulk/bulk-env.ts';
import { fakeBrowser, OWN_PAGE, resetExtension } from './extension-env.ts';
import { orderRecord } from './fixtures.ts';

const envelope = (type: string, payload: unknown = {}) => ({ buyline: 1, type, payload });

describe('the background router', () => {
  beforeEach(resetExtension);

  it('answers Buyline’s own pages', async () => {
    const reply = await route(envelope('settings.get'), OWN_PAGE);
    expect(reply).toMatchObject({ ok: true, data: { serviceUrl: 'http://127.0.0.1:8787' } });
  });

  it('refuses a content script or anything injected into a web page', async () => {
    const fromPage = {
      id: fakeBrowser.runtime.id,
      url: 'https://www.amazon.com/dp/B0TEST0001',
      tab: { id: 3 },
    };
    expect(isOwnPage(fromPage as never)).toBe(false);
    const reply = await route(envelope('token.status'), fromPage as never);
    expect(reply).toEqual({
      ok: false,
      error: { kind: 'refused', message: 'Refused: Buyline answers only its own pages.' },
    });
  });

  it('refuses another extension', async () => {
    const other = {
      id: 'another-extension',
      url: 'chrome-extension://another-extension/page.html',
    };
    expect(isOwnPage(other as never)).toBe(false);
    const reply = await route(envelope('order.place', {}), other as never);
    expect(reply?.ok).toBe(false);
  });

  it('checks payloads on arrival and says what is wrong', async () => {
    const reply = await route(
      envelope('order.place', { draftId: 'not-a-uuid', request: {} }),
      OWN_PAGE,
    );
    expect(reply?.ok).toBe(false);
    if (reply && !reply.ok) {
      expect(reply.error.problems?.[0]?.field).toBe('draftId');
    }
    const unknown = await route(envelope('token.steal'), OWN_PAGE);
    expect(unknown).toMatchObject({
      ok: false,
      error: { message: 'Unknown request token.steal.' },
    });
  });

  it('never hands the token to a page, only whether one is set', async () => {
    const secret = 'tok_live_5f2a9c';
    const set = await route(envelope('token.set', { token: secret }), OWN_PAGE);
    expect(set).toEqual({ ok: true, data: { set: true } });
    const status = await route(envelope('token.status'), OWN_PAGE);
    expect(JSON.stringify(status)).not.toContain(secret);
    const settings = await route(envelope('settings.get'), OWN_PAGE);
    expect(JSON.stringify(settings)).not.toContain(secret);
    // Stored locally and sealed, never in clear, never in sync storage.
    const local = await fakeBrowser.storage.local.get(null);
    expect(local[STORED_KEYS.sealedServiceToken.key]).toBeDefined();
    expect(JSON.stringify(local)).not.toContain(secret);
    expect(JSON.stringify(await fakeBrowser.storage.sync.get(null))).not.toContain(secret);
    const removed = await route(envelope('token.remove'), OWN_PAGE);
    expect(removed).toEqual({ ok: true, data: { set: false } });
  });

  it('refuses an invalid settings change and keeps the stored settings', async () => {
    const bad = await route(
      envelope('settings.update', { patch: { serviceUrl: 'ftp://nope' } }),
      OWN_PAGE,
    );
    expect(bad?.ok).toBe(false);
    if (bad && !bad.ok) expect(bad.error.problems?.[0]?.field).toBe('serviceUrl');
    const good = await route(
      envelope('settings.update', { patch: { polling: { fastSeconds: 3 } } }),
      OWN_PAGE,
    );
    expect(good).toMatchObject({
      ok: true,
      data: {
        serviceUrl: 'http://127.0.0.1:8787',
        polling: { fastSeconds: 3, trackingMinutes: 30 },
      },
    });
  });

  it('refuses an invalid order before writing anything, naming the field', async () => {
    const reply = await route(
      envelope('order.place', {
        draftId: crypto.randomUUID(),
        request: { retailer: 'amazon', products: [] },
      }),
      OWN_PAGE,
    );
    expect(reply?.ok).toBe(true);
    if (reply?.ok) {
      const data = reply.data as { placed: boolean; problems?: { field: string }[] };
      expect(data.placed).toBe(false);
      expect(data.problems?.map((problem) => problem.field)).toContain('products');
    }
    const orders = await route(envelope('orders.query', {}), OWN_PAGE);
    expect(orders).toEqual({ ok: true, data: [] });
  });

  it('checks an order as placing would, recording and sending nothing', async () => {
    const check = async (request: Record<string, unknown>, secrets?: Record<string, string>) => {
      const reply = await route(
        envelope('order.check', { request, ...(secrets ? { secrets } : {}) }),
        OWN_PAGE,
      );
      if (!reply?.ok) throw new Error(`refused: ${JSON.stringify(reply)}`);
      return (reply.data as { problems: { field: string }[] }).problems.map(({ field }) => field);
    };
    expect(await check(MANAGED_ORDER)).toEqual([]);
    const { shipping_address: _address, ...nowhere } = MANAGED_ORDER;
    expect(await check(nowhere)).toEqual(['shipping_address']);
    const { max_price: _max, ...unguarded } = MANAGED_ORDER;
    expect(await check(unguarded)).toEqual(['max_price']);
    // An own-account order without its vault items lacks them; with them chosen (not
    // yet decrypted: the vault may be locked), the fields they will fill are not missing.
    const { addax: _managed, ...own } = MANAGED_ORDER;
    expect(await check(own)).toEqual(['retailer_credentials', 'payment_method', 'billing_address']);
    const chosen = { credentialsId: 'login', paymentId: 'card', billingId: 'bill' };
    expect(await check(own, chosen)).toEqual([]);
    expect(await check({ ...own, max_price: -5 }, chosen)).toEqual(['max_price']);
    const orders = await route(envelope('orders.query', {}), OWN_PAGE);
    expect(orders).toEqual({ ok: true, data: [] });
  });

  it('tells open pages after a change of settings, token or vault, not after a read', async () => {
    const notices: { scopes: string[] }[] = [];
    fakeBrowser.storage.onChanged.addListener((changes, area) => {
      const notice = changes[STORED_KEYS.changeFeed.key]?.newValue as { scopes: string[] };
      if (area === 'session' && notice) notices.push(notice);
    });
    await route(envelope('settings.get'), OWN_PAGE);
    expect(notices).toEqual([]);
    await route(envelope('settings.update', { patch: { holdSeconds: 10 } }), OWN_PAGE);
    await route(envelope('token.set', { token: 'tok' }), OWN_PAGE);
    expect(notices.map((notice) => notice.scopes)).toEqual([['settings'], ['token']]);
  });

  it('undoes only a held order, and says why not otherwise', async () => {
    expect(await route(envelope('order.undo', { localId: 'nope' }), OWN_PAGE)).toEqual({
      ok: true,
      data: { undone: false, order: null },
    });
    const draftId = crypto.randomUUID();
    const placed = await route(
      envelope('order.place', { draftId, request: MANAGED_ORDER }),
      OWN_PAGE,
    );
    expect(placed).toMatchObject({ ok: true, data: { order: { state: 'held' } } });
    // Aborting a held order is refused in a sentence: it has not been sent.
    expect(await route(envelope('order.abort', { localId: draftId }), OWN_PAGE)).toEqual({
      ok: false,
      error: {
        kind: 'invalid',
        message: 'It has not been sent yet: cancel it, and nothing is sent.',
      },
    });
    expect(await route(envelope('order.undo', { localId: draftId }), OWN_PAGE)).toEqual({
      ok: true,
      data: { undone: true, order: null },
    });
    expect(await route(envelope('order.get', { localId: draftId }), OWN_PAGE)).toEqual({
      ok: true,
      data: null,
    });
  });

  it('answers not_found for a batch or an order that is not there any more', async () => {
    const batchId = crypto.randomUUID();
    for (const type of ['bulk.pause', 'bulk.resume', 'bulk.cancelRest', 'bulk.export'])
      expect(await route(envelope(type, { batchId }), OWN_PAGE)).toEqual({
        ok: false,
        error: { kind: 'not_found', message: 'This batch is not in Buyline any more.' },
      });
    const gone = { kind: 'not_found', message: 'This order is not in the history any more.' };
    expect(await route(envelope('order.refresh', { localId: 'gone' }), OWN_PAGE)).toEqual({
      ok: false,
      error: gone,
    });
    expect(await route(envelope('order.abort', { localId: 'gone' }), OWN_PAGE)).toEqual({
      ok: false,
      error: gone,
    });
    expect(
      await route(
        envelope('order.cancel', {
          localId: 'gone',
          merchantOrderId: 'M-1',
          draftId: crypto.randomUUID(),
        }),
        OWN_PAGE,
      ),
    ).toEqual({ ok: false, error: gone });
  });

  it('finds the orders a batch handed over by their batch, alone or with a state', async () => {
    const payload = startPayload([fileRow(), fileRow(), fileRow({ quantity: '2' })]);
    const started = await route(envelope('bulk.start', payload), OWN_PAGE);
    expect(started).toMatchObject({ ok: true, data: { started: true } });
    // Placed alone, beside the batch: not one of its orders.
    await route(
      envelope('order.place', { draftId: crypto.randomUUID(), request: MANAGED_ORDER }),
      OWN_PAGE,
    );

    const ofBatch = await route(envelope('orders.query', { batchId: payload.batchId }), OWN_PAGE);
    expect(ofBatch?.ok).toBe(true);
    const orders = (ofBatch as { data: OrderRecord[] }).data;
    expect(orders).toHaveLength(3);
    for (const order of orders) {
      expect(order.batchId).toBe(payload.batchId);
      // The service is told too, so a sync elsewhere knows the batch.
      expect(order.request.client_notes).toMatchObject({ buyline_batch: payload.batchId });
    }
    expect(
      await route(envelope('orders.query', { batchId: payload.batchId, state: 'held' }), OWN_PAGE),
    ).toMatchObject({ ok: true, data: { length: 3 } });
    expect(
      await route(
        envelope('orders.query', { batchId: payload.batchId, state: 'failed' }),
        OWN_PAGE,
      ),
    ).toEqual({ ok: true, data: [] });
    expect(
      await route(envelope('orders.query', { batchId: crypto.randomUUID() }), OWN_PAGE),
    ).toEqual({ ok: true, data: [] });
    const all = await route(envelope('orders.query', {}), OWN_PAGE);
    expect(all).toMatchObject({ ok: true, data: { length: 4 } });
    const empty = await route(envelope('orders.query', { batchId: '' }), OWN_PAGE);
    expect(empty).toMatchObject({ ok: false, error: { kind: 'invalid' } });
  });

  it('marks failures seen (orders.seen): the badge lets go of them and pages are told', async () => {
    const store = await history();
    await store.addOrder(orderRecord({ localId: 'f1', state: 'failed', seenAt: 0 }));
    await store.addOrder(orderRecord({ localId: 'f2', state: 'failed', seenAt: 0 }));
    await store.addOrder(orderRecord({ localId: 'p1', state: 'placed' }));
    await refreshBadge();
    expect(await fakeBrowser.action.getBadgeText({})).toBe('!');
    const notices: { scopes: string[]; orderIds?: string[] }[] = [];
    const stop = subscribeChanges(['orders'], (notice) => notices.push(notice));
    try {
      expect(
        await route(envelope('orders.seen', { localIds: ['f1', 'p1', 'unknown'] }), OWN_PAGE),
      ).toEqual({ ok: true, data: { seen: 1 } });
      expect(notices).toEqual([expect.objectContaining({ scopes: ['orders'], orderIds: ['f1'] })]);
      expect(await fakeBrowser.action.getBadgeText({})).toBe('!');
      expect(await route(envelope('orders.seen', { localIds: ['f2'] }), OWN_PAGE)).toEqual({
        ok: true,
        data: { seen: 1 },
      });
      expect(await fakeBrowser.action.getBadgeText({})).toBe('');
      // Seen again: nothing to tell.
      expect(await route(envelope('orders.seen', { localIds: ['f2'] }), OWN_PAGE)).toEqual({
        ok: true,
        data: { seen: 0 },
      });
      expect(notices).toHaveLength(2);
    } finally {
      stop();
    }
    expect(await route(envelope('orders.seen', { localIds: [] }), OWN_PAGE)).toMatchObject({
      ok: false,
      error: { kind: 'invalid' },
    });
  });
});
