import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { addOrder, changeOrder, importListed } from '../../../src/background/history/changes.ts';
import { history } from '../../../src/background/history/connection.ts';
import type { ChangeNotice } from '../../../src/shared/change-feed.ts';
import { defaultSettings } from '../../../src/shared/settings.ts';
import { STORED_KEYS } from '../../../src/shared/stored-keys.ts';
import { fakeBrowser, resetExtension } from '../background/extension-env.ts';
import { orderRecord } from '../background/fixtures.ts';

// The one write path: whoever noticed a change, it is stored, then told to open pages,
// to the user and on the badge, once.

const ctx = { now: 5_000_000, settings: defaultSettings() };
const processing = {
  state: 'processing' as const,
  body: { _type: 'error' as const, code: 'request_processing' },
};
const placedBody = {
  _type: 'order_response' as const,
  merchant_order_ids: [{ merchant_order_id: 'M-1', placed_at: '2026-01-01T00:00:00Z' }],
  tracking: [],
  delivery_dates: [],
  request: { client_notes: { buyline_ref: 'mine' } },
};

let notices: ChangeNotice[] = [];
beforeEach(async () => {
  await resetExtension();
  notices = [];
  fakeBrowser.storage.onChanged.addListener((changes, area) => {
    const notice = changes[STORED_KEYS.changeFeed.key]?.newValue as ChangeNotice | undefined;
    if (area === 'session' && notice) notices.push(notice);
  });
});

describe('the write path', () => {
  it('tells pages, the user and the badge of a new order and of each change, whoever made it', async () => {
    await addOrder(orderRecord({ localId: 'mine', state: 'processing' }), 'created');
    expect(await fakeBrowser.action.getBadgeText({})).toBe('1');
    // A sync noticed it placed: the same telling as a poll would give.
    expect(
      await importListed({ body: placedBody, status: { state: 'placed', order: placedBody } }, ctx),
    ).toBe('updated');
    expect(await fakeBrowser.action.getBadgeText({})).toBe('');
    expect(Object.keys(await fakeBrowser.notifications.getAll())).toEqual([
      'buyline:order:mine:placed',
    ]);
    expect(notices.map((notice) => notice.orderIds)).toEqual([['mine'], ['mine']]);
  });

  it('moves a step on when its news no longer applies, so it is not retried at once forever', async () => {
    await addOrder(
      orderRecord({
        localId: 'mine',
        state: 'placed',
        schedule: { nextAt: 0, attempts: 0, count: 0 },
      }),
      'created',
    );
    const written = await changeOrder('mine', { type: 'status', status: processing }, ctx);
    expect(written).toMatchObject({ after: { state: 'placed' } });
    const after = await (await history()).getOrder('mine');
    expect(after?.schedule.nextAt).toBe(ctx.now + 5_000);
    expect(after?.schedule.lastError).toBe('Not applied: A placed order never goes back.');
  });

  it('writes nothing for a user action the order’s life refuses, and says why', async () => {
    await addOrder(orderRecord({ localId: 'mine', state: 'placed' }), 'created');
    const before = await (await history()).getOrder('mine');
    expect(await changeOrder('mine', { type: 'abort' }, ctx)).toEqual({
      refused: 'This order is already placed: cancel it instead.',
    });
    expect(await (await history()).getOrder('mine')).toEqual(before);
    expect(await changeOrder('gone', { type: 'abort' }, ctx)).toEqual({ missing: true });
  });
});
