import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { isOwnPage, route } from '../../../src/background/router.ts';
import { STORED_KEYS } from '../../../src/shared/stored-keys.ts';
import { MANAGED_ORDER } from '../../fixtures.ts';
import { fakeBrowser, OWN_PAGE, resetExtension } from './extension-env.ts';

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
    // Stored locally, never in sync storage.
    const local = await fakeBrowser.storage.local.get(STORED_KEYS.serviceToken.key);
    expect(local[STORED_KEYS.serviceToken.key]).toBe(secret);
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
      error: { kind: 'invalid', message: 'It has not been sent yet: undo it instead.' },
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
});
