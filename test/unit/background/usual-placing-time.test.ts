import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { history } from '../../../src/background/history/connection.ts';
import { route } from '../../../src/background/pages/router.ts';
import { OWN_PAGE, resetExtension } from './extension-env.ts';
import { orderRecord } from './fixtures.ts';

const START = Date.UTC(2026, 2, 1, 9);
const MINUTE = 60_000;
const ask = (payload: unknown) =>
  route({ buyline: 1, type: 'orders.usualPlacingTime', payload }, OWN_PAGE);

/** Five orders placed at Amazon, in 1 to 5 minutes: the median is 3 minutes. */
async function fivePlacedAtAmazon() {
  const store = await history();
  for (let n = 1; n <= 5; n++)
    await store.addOrder(
      orderRecord({
        localId: `done-${n}`,
        state: 'placed',
        createdAt: START + n * 60 * MINUTE,
        placedAt: START + n * 60 * MINUTE + n * MINUTE,
      }),
    );
}

describe('orders.usualPlacingTime', () => {
  beforeEach(resetExtension);

  it('answers, for an order being placed, since when and how long placing usually takes there', async () => {
    await fivePlacedAtAmazon();
    const store = await history();
    const sentAt = START + 10 * 60 * MINUTE;
    await store.addOrder(
      orderRecord({ localId: 'busy', state: 'processing', createdAt: sentAt - 5_000, sentAt }),
    );
    expect(await ask({ localId: 'busy' })).toEqual({
      ok: true,
      data: {
        beingPlaced: true,
        retailer: 'amazon',
        since: sentAt,
        count: 5,
        medianMs: 3 * MINUTE,
      },
    });
  });

  it('gives the count alone from fewer than five placed orders', async () => {
    const store = await history();
    await store.addOrder(
      orderRecord({
        localId: 'first',
        state: 'placed',
        createdAt: START,
        placedAt: START + MINUTE,
      }),
    );
    await store.addOrder(orderRecord({ localId: 'busy', state: 'sending', createdAt: START + 1 }));
    expect(await ask({ localId: 'busy' })).toEqual({
      ok: true,
      data: { beingPlaced: true, retailer: 'amazon', since: START + 1, count: 1 },
    });
  });

  it('says nothing more of an order held, waiting for a token, placed, or unknown', async () => {
    await fivePlacedAtAmazon();
    const store = await history();
    await store.addOrder(orderRecord({ localId: 'held', state: 'held', holdUntil: START }));
    await store.addOrder(orderRecord({ localId: 'token', state: 'awaiting_token' }));
    for (const localId of ['held', 'token', 'done-1', 'nowhere'])
      expect(await ask({ localId })).toEqual({ ok: true, data: { beingPlaced: false } });
  });

  it('refuses a payload without the order', async () => {
    expect(await ask({ retailer: 'amazon' })).toMatchObject({
      ok: false,
      error: { kind: 'invalid' },
    });
  });
});
