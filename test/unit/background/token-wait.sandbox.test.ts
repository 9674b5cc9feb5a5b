import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import type { RunningSandbox } from '../../../sandbox/index.ts';
import { history } from '../../../src/background/history/connection.ts';
import { route } from '../../../src/background/pages/router.ts';
import type { OrderRecord } from '../../../src/shared/order-record.ts';
import { STORED_KEYS } from '../../../src/shared/stored-keys.ts';
import { MANAGED_ORDER } from '../../fixtures.ts';
import { fakeBrowser, OWN_PAGE, resetExtension } from './extension-env.ts';
import {
  advance,
  connectTo,
  runUntil,
  type SeenRequest,
  startTestSandbox,
  useFakeClock,
  useRealClock,
} from './sandbox-env.ts';

// A POST refused for its token placed nothing: the order waits for a working token,
// says so, and goes out once, under its same key, as soon as one is saved.

const seen: SeenRequest[] = [];
let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox(150, seen);
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await resetExtension();
  await fetch(`${sandbox.url}/_control/faults`, { method: 'DELETE' });
  await connectTo(sandbox, 'revoked-token');
  useFakeClock();
  seen.length = 0;
});
afterEach(async () => {
  await resetExtension();
  useRealClock();
});

/** A managed order of the product that always places. */
const REQUEST = MANAGED_ORDER;

type Reply<T> = { ok: true; data: T } | { ok: false; error: { kind: string; message: string } };
async function reply<T>(type: string, payload: unknown = {}): Promise<Reply<T>> {
  return (await route({ buyline: 1, type, payload }, OWN_PAGE)) as Reply<T>;
}
async function ask<T>(type: string, payload: unknown = {}): Promise<T> {
  const answer = await reply<T>(type, payload);
  if (!answer.ok) throw new Error(answer.error.message);
  return answer.data;
}

async function ordersOnService(): Promise<number> {
  const state = (await (await fetch(`${sandbox.url}/_control/state`)).json()) as {
    tokens: Record<string, { orders: number }>;
  };
  return state.tokens.sandbox?.orders ?? 0;
}
const orderPosts = () =>
  seen.filter((request) => request.method === 'POST' && request.path === '/v1/orders').length;

/** Places an order with the rejected token and waits until its POST was refused. */
async function placeRefused(): Promise<OrderRecord> {
  const localId = crypto.randomUUID();
  await ask('order.place', { draftId: localId, request: REQUEST });
  return runUntil(localId, (order) => order.state !== 'sending');
}

describe('an order whose POST met a rejected token', () => {
  it('waits, saying why, and sends nothing more until a token is saved', async () => {
    const order = await placeRefused();
    expect(order.state).toBe('awaiting_token');
    expect(order.schedule.lastError).toBe(
      'The service rejected the token, so nothing was placed. The order goes out as soon as a working token is saved in Options.',
    );
    expect(orderPosts()).toBe(1);
    // Still counted in flight on the badge: it will go out.
    expect(await fakeBrowser.action.getBadgeText({})).toBe('1');
    await advance(20 * 60_000);
    expect(orderPosts()).toBe(1);
    expect((await (await history()).getOrder(order.localId))?.state).toBe('awaiting_token');
    expect(await ask('orders.awaitingToken')).toEqual({ count: 1 });
  });

  it('goes out exactly once, under its same key, as soon as a working token is saved', async () => {
    const before = await ordersOnService();
    const order = await placeRefused();
    await ask('token.set', { token: 'sandbox' });
    const placed = await runUntil(order.localId, (record) => record.state === 'placed');
    expect(placed.idempotencyKey).toBe(order.idempotencyKey);
    expect(orderPosts()).toBe(2);
    expect(await ordersOnService()).toBe(before + 1);
    expect(await ask('orders.awaitingToken')).toEqual({ count: 0 });
    const events = await (await history()).eventsOf(order.localId);
    expect(events.map((event) => event.to)).toEqual([
      'sending',
      'awaiting_token',
      'sending',
      'processing',
      'placed',
    ]);
    await advance(10 * 60_000);
    expect(orderPosts()).toBe(2);
  });

  it('tries once per saved token: a token still rejected leaves it waiting again', async () => {
    const order = await placeRefused();
    await ask('token.set', { token: 'another-wrong-token' });
    const again = await runUntil(
      order.localId,
      (record) => record.state === 'awaiting_token',
      60_000,
    );
    expect(again.state).toBe('awaiting_token');
    expect(orderPosts()).toBe(2);
    await advance(10 * 60_000);
    expect(orderPosts()).toBe(2);
  });

  it('goes out on Refresh once the token works', async () => {
    const before = await ordersOnService();
    const order = await placeRefused();
    // The token is made to work without being saved again (the service took it back).
    await fakeBrowser.storage.local.set({ [STORED_KEYS.serviceToken.key]: 'sandbox' });
    await advance(10 * 60_000);
    expect(orderPosts()).toBe(1);
    await ask('order.refresh', { localId: order.localId });
    const placed = await runUntil(order.localId, (record) => record.state === 'placed');
    expect(placed.idempotencyKey).toBe(order.idempotencyKey);
    expect(orderPosts()).toBe(2);
    expect(await ordersOnService()).toBe(before + 1);
  });

  it('can be withdrawn: nothing was placed, and a token saved afterwards sends nothing', async () => {
    const order = await placeRefused();
    expect(
      (
        await ask<{ order: { life: { actions: { withdraw: string } } } }>('order.get', {
          localId: order.localId,
        })
      ).order.life.actions.withdraw,
    ).toBe('nothing_placed');
    const detail = await ask<{ order: OrderRecord & { life: { actions: { retry: boolean } } } }>(
      'order.withdraw',
      { localId: order.localId },
    );
    expect(detail.order).toMatchObject({
      state: 'failed',
      failure: { code: 'withdrawn', title: 'You stopped this order before it was placed.' },
      life: { actions: { retry: true } },
    });
    expect(detail.order.failure?.needsCheck).toBeUndefined();
    // The buyer's own act raises no "!" on the badge and no failure notice.
    expect(await fakeBrowser.action.getBadgeText({})).toBe('');
    expect(Object.keys(await fakeBrowser.notifications.getAll())).toEqual([]);
    await ask('token.set', { token: 'sandbox' });
    await advance(10 * 60_000);
    expect(orderPosts()).toBe(1);
    expect(await ask('orders.awaitingToken')).toEqual({ count: 0 });
    const again = await reply('order.withdraw', { localId: order.localId });
    expect(again).toMatchObject({ ok: false, error: { message: 'This order already ended.' } });
  });

  it('refuses Abort and Cancel with a sentence, sending nothing', async () => {
    const order = await placeRefused();
    const aborted = await reply('order.abort', { localId: order.localId });
    expect(aborted).toMatchObject({
      ok: false,
      error: {
        message:
          'It has not been placed: it waits for a working token, and goes out as soon as one is saved in Options.',
      },
    });
    expect(seen.filter((request) => request.path.endsWith('/abort'))).toEqual([]);
  });
});

describe('a step that met a rejected token after the order was sent', () => {
  it('runs as soon as a working token is saved: a read, then a cancellation', async () => {
    await fakeBrowser.storage.local.set({ [STORED_KEYS.serviceToken.key]: 'sandbox' });
    const localId = crypto.randomUUID();
    await ask('order.place', {
      draftId: localId,
      request: { ...REQUEST, products: [{ product_id: 'B0CANCELIM', quantity: 1 }] },
    });
    await runUntil(localId, (order) => order.state === 'processing');
    // The token is revoked while the order is read: reads wait five minutes each.
    await fakeBrowser.storage.local.set({ [STORED_KEYS.serviceToken.key]: 'revoked-token' });
    const waiting = await runUntil(localId, (order) => order.schedule.rule === 'unauthorized');
    expect(waiting.state).toBe('processing');
    await ask('token.set', { token: 'sandbox' });
    const placed = await runUntil(localId, (order) => order.state === 'placed', 10_000);

    await fakeBrowser.storage.local.set({ [STORED_KEYS.serviceToken.key]: 'revoked-token' });
    await ask('order.cancel', {
      localId,
      merchantOrderId: placed.merchantOrderIds[0],
      draftId: crypto.randomUUID(),
    });
    const store = await history();
    const [refused] = await store.cancellationsOf(localId);
    expect(refused).toMatchObject({ state: 'sending', schedule: { rule: 'unauthorized' } });
    await ask('token.set', { token: 'sandbox' });
    await advance(5_000);
    const [sent] = await store.cancellationsOf(localId);
    expect(sent?.requestId).toMatch(/^[0-9a-f]{32}$/);
    expect(sent?.state).not.toBe('sending');
  });
});
