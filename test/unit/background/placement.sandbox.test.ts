import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  onTestFinished,
  vi,
} from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import type { RunningSandbox } from '../../../sandbox/index.ts';
import { history, resetHistoryConnection } from '../../../src/background/history/connection.ts';
import { route } from '../../../src/background/pages/router.ts';
import { runDueWork } from '../../../src/background/rounds/scheduler.ts';
import type { OrderRecord } from '../../../src/shared/order-record.ts';
import { fakeBrowser, OWN_PAGE, resetExtension } from './extension-env.ts';
import { ADDRESS } from './fixtures.ts';
import {
  advance,
  authOf,
  connectTo,
  controlPost,
  postOrder,
  runUntil,
  startTestSandbox,
  useFakeClock,
  useRealClock,
} from './sandbox-env.ts';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await resetExtension();
  await fetch(`${sandbox.url}/_control/faults`, { method: 'DELETE' });
  await connectTo(sandbox);
  useFakeClock();
});
afterEach(async () => {
  await resetExtension();
  useRealClock();
});

const REQUEST = {
  retailer: 'amazon',
  products: [{ product_id: 'B0PLACES01', quantity: 1 }],
  shipping_address: ADDRESS,
  is_gift: false,
  shipping_method: 'cheapest',
  addax: true,
  max_price: 100_000,
};

async function ask<T>(type: string, payload: unknown): Promise<T> {
  const reply = (await route({ buyline: 1, type, payload }, OWN_PAGE)) as {
    ok: boolean;
    data?: T;
    error?: { message: string };
  };
  if (!reply.ok) throw new Error(reply.error?.message);
  return reply.data as T;
}

async function place(
  request: Record<string, unknown> = REQUEST,
  draftId = crypto.randomUUID(),
): Promise<string> {
  const result = await ask<{ placed: boolean }>('order.place', { draftId, request });
  expect(result.placed).toBe(true);
  return draftId;
}

/** Orders the sandbox holds for our token. */
async function ordersOnService(): Promise<number> {
  const state = (await (await fetch(`${sandbox.url}/_control/state`)).json()) as {
    tokens: Record<string, { orders: number }>;
  };
  return state.tokens.sandbox?.orders ?? 0;
}

let baseline = 0;
beforeEach(async () => {
  baseline = await ordersOnService();
});
const final = (order: OrderRecord) => order.state === 'placed' || order.state === 'failed';

/** Lets fake time pass until `done` holds (bounded). */
async function advanceUntil(done: () => Promise<boolean>, limitMs = 120_000): Promise<void> {
  for (let waited = 0; !(await done()); waited += 250) {
    if (waited > limitMs) throw new Error('did not happen in time');
    await advance(250);
  }
}

describe('placing an order through the background', () => {
  it('writes the order before sending, follows it to placed, and tells the user once', async () => {
    const localId = await place();
    const written = await (await history()).getOrder(localId);
    expect(written).toMatchObject({
      state: 'sending',
      request: { client_notes: { buyline_ref: localId } },
    });
    expect(written?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(await fakeBrowser.action.getBadgeText({})).toBe('1');
    expect(await fakeBrowser.action.getTitle({})).toBe('Buyline: 1 order in flight');

    const placed = await runUntil(localId, final);
    expect(placed).toMatchObject({ state: 'placed', total: 2124, currency: 'USD' });
    expect(placed.merchantOrderIds).toHaveLength(1);
    expect(await ordersOnService()).toBe(baseline + 1);
    const events = await (await history()).eventsOf(localId);
    expect(events.map((event) => event.to)).toEqual(['sending', 'processing', 'placed']);
    const notes = await fakeBrowser.notifications.getAll();
    expect(Object.keys(notes)).toEqual([`buyline:order:${localId}:placed`]);
    expect(await fakeBrowser.action.getBadgeText({})).toBe('');
    expect(await fakeBrowser.action.getTitle({})).toBe('Buyline: nothing in flight');
  });

  it('makes one order of two submits of the same draft', async () => {
    const draftId = crypto.randomUUID();
    await place(REQUEST, draftId);
    const again = await ask<{ duplicate: boolean }>('order.place', { draftId, request: REQUEST });
    expect(again.duplicate).toBe(true);
    await runUntil(draftId, final);
    expect(await ordersOnService()).toBe(baseline + 1);
  });

  it('reports a failure with the reason and the fix', async () => {
    const localId = await place({ ...REQUEST, max_price: 100 });
    const failed = await runUntil(localId, final);
    expect(failed.failure).toMatchObject({
      code: 'max_price_exceeded',
      title: 'The price went above your maximum.',
    });
    expect(Object.keys(await fakeBrowser.notifications.getAll())).toEqual([
      `buyline:order:${localId}:failed`,
    ]);
  });
});

describe('faults during placement end with exactly one order', () => {
  const faults: [string, Record<string, unknown>][] = [
    ['a 500 before the work', { mode: '500', method: 'POST', path: '/v1/orders', count: 2 }],
    [
      'a 500 after the work',
      { mode: '500', method: 'POST', path: '/v1/orders', when: 'after', count: 2 },
    ],
    [
      'a dropped connection after the work',
      { mode: 'drop', method: 'POST', path: '/v1/orders', when: 'after' },
    ],
    [
      'malformed JSON after the work',
      { mode: 'malformed', method: 'POST', path: '/v1/orders', when: 'after' },
    ],
    ['a 429', { mode: '429', method: 'POST', path: '/v1/orders', retry_after: 1 }],
  ];
  for (const [name, fault] of faults) {
    it(name, async () => {
      await controlPost(sandbox, 'faults', fault);
      const localId = await place();
      const order = await runUntil(localId, final);
      expect(order.state).toBe('placed');
      expect(await ordersOnService()).toBe(baseline + 1);
    });
  }

  it('a POST that times out is retried under the same key', async () => {
    // The client's request timeout runs on the fake clock, so the test moves time past it.
    const timeouts = vi.spyOn(AbortSignal, 'timeout').mockImplementation((ms) => {
      const controller = new AbortController();
      setTimeout(() => controller.abort(new DOMException('Timed out.', 'TimeoutError')), ms);
      return controller.signal;
    });
    onTestFinished(() => timeouts.mockRestore());
    await controlPost(sandbox, 'faults', {
      mode: 'timeout',
      method: 'POST',
      path: '/v1/orders',
      when: 'after',
    });
    await ask('settings.update', { patch: { requestTimeoutSeconds: 3 } });
    const localId = await place();
    // The POST did its work and its answer hangs: once the sandbox holds the order, the
    // clock moves past the timeout, and the order is sent again under the same key.
    await vi.waitFor(async () => expect(await ordersOnService()).toBe(baseline + 1));
    expect((await (await history()).getOrder(localId))?.state).toBe('sending');
    await vi.advanceTimersByTimeAsync(3_000);
    const order = await runUntil(localId, final);
    expect(order.state).toBe('placed');
    expect(await ordersOnService()).toBe(baseline + 1);
  });

  it('turns unconfirmed after every retry failed, then confirms it under the same key', async () => {
    await controlPost(sandbox, 'faults', {
      mode: '500',
      method: 'POST',
      path: '/v1/orders',
      when: 'after',
      count: 4,
    });
    const localId = await place();
    const unconfirmed = await runUntil(localId, (order) => order.state === 'unconfirmed');
    expect(unconfirmed.requestId).toBeUndefined();
    const order = await runUntil(localId, final);
    expect(order.state).toBe('placed');
    expect(order.requestId).toMatch(/^[0-9a-f]{32}$/);
    expect(await ordersOnService()).toBe(baseline + 1);
    const events = await (await history()).eventsOf(localId);
    expect(events.map((event) => event.to)).toContain('unconfirmed');
  });

  it('a worker stopped mid-POST resumes the same order', async () => {
    await controlPost(sandbox, 'faults', {
      mode: 'drop',
      method: 'POST',
      path: '/v1/orders',
      when: 'after',
    });
    const localId = await place();
    await runDueWork();
    // The worker dies: its memory goes, storage and IndexedDB stay.
    resetHistoryConnection();
    const order = await runUntil(localId, final);
    expect(order.state).toBe('placed');
    expect(await ordersOnService()).toBe(baseline + 1);
  });

  it('after a browser restart lost the request body, the order is found by its reference', async () => {
    await controlPost(sandbox, 'faults', {
      mode: '500',
      method: 'POST',
      path: '/v1/orders',
      when: 'after',
    });
    const localId = await place({
      ...REQUEST,
      addax: undefined,
      max_price: undefined,
      billing_address: ADDRESS,
      payment_method: { use_gift: true },
      retailer_credentials: { email: 'jane@example.com', password: 'pw-123' },
    });
    await runDueWork();
    // A browser restart empties session storage, where the body with secrets was.
    await fakeBrowser.storage.session.clear();
    const order = await runUntil(localId, final);
    expect(order.state).toBe('placed');
    expect(await ordersOnService()).toBe(baseline + 1);
    expect(JSON.stringify(order)).not.toContain('pw-123');
  });
});

describe('polling', () => {
  it('rides out 500s, 429s, dropped connections and malformed answers while reading', async () => {
    const localId = await place();
    await runUntil(localId, (order) => order.state === 'processing');
    for (const fault of [
      { mode: '500', method: 'GET', path: '/v1/orders/' },
      { mode: '429', method: 'GET', path: '/v1/orders/', retry_after: 1 },
      { mode: 'drop', method: 'GET', path: '/v1/orders/' },
      { mode: 'malformed', method: 'GET', path: '/v1/orders/' },
    ]) {
      await controlPost(sandbox, 'faults', fault);
    }
    // Each fault backs off by the failed-read rule (5 s, 10 s, …): minutes of fake time.
    const order = await runUntil(localId, final, 5 * 60_000);
    expect(order.state).toBe('placed');
    // Back to the tracking cadence: no backoff left over from the faults.
    expect(order.schedule.rule).toBe('tracking');
    expect(order.schedule.attempts).toBe(1);
    expect(await ordersOnService()).toBe(baseline + 1);
  }, 30_000);

  it('keeps reading a placed order until its tracking is in', async () => {
    const localId = await place();
    const placed = await runUntil(localId, (order) => order.state === 'placed');
    expect(placed.trackingDone).toBe(false);
    await controlPost(sandbox, 'clock', { advance_ms: 3 * 3_600_000 });
    // Tracking is checked at the tracking cadence (30 minutes here), through the list.
    const tracked = await runUntil(localId, (order) => order.trackingCount > 0, 45 * 60_000);
    expect(tracked.trackingDone).toBe(true);
    expect(Object.keys(await fakeBrowser.notifications.getAll()).sort()).toEqual([
      `buyline:order:${localId}:placed`,
      `buyline:order:${localId}:tracking`,
    ]);
  });
});

describe('aborting, cancelling and syncing', () => {
  it('aborts an order while it is processing', async () => {
    const slow = await startTestSandbox(3_000);
    try {
      await connectTo(slow);
      const localId = await place();
      await runUntil(localId, (order) => order.state === 'processing');
      const detail = await ask<{ order: OrderRecord }>('order.abort', { localId });
      expect(detail.order.abortRequested).toBe(true);
      await controlPost(slow, 'clock', { advance_ms: 1_000 });
      const order = await runUntil(localId, final);
      expect(order.failure?.code).toBe('aborted_request');
    } finally {
      await slow.close();
    }
  });

  it('cancels a merchant order: attempting_to_cancel, then cancelled', async () => {
    const localId = await place({
      ...REQUEST,
      products: [{ product_id: 'B0CANCELOK', quantity: 1 }],
    });
    const placed = await runUntil(localId, final);
    const merchantOrderId = placed.merchantOrderIds[0] as string;
    const draftId = crypto.randomUUID();
    await ask('order.cancel', { localId, merchantOrderId, draftId });
    // Two clicks on "Confirm" are one cancellation.
    await ask('order.cancel', { localId, merchantOrderId, draftId: crypto.randomUUID() });
    const store = await history();
    const stateOf = async () => (await store.cancellationsOf(localId)).map((c) => c.state);
    await advanceUntil(async () => (await stateOf()).includes('attempting_to_cancel'));
    expect(await stateOf()).toEqual(['attempting_to_cancel']);
    expect(await fakeBrowser.action.getTitle({})).toBe('Buyline: 1 cancellation in flight');
    await controlPost(sandbox, 'clock', { advance_ms: 10_000 });
    await advanceUntil(async () => (await stateOf()).includes('cancelled'));
    expect(await stateOf()).toEqual(['cancelled']);
    // Its only merchant order is cancelled: the order is cancelled, and says so.
    expect(await store.getOrder(localId)).toMatchObject({
      state: 'cancelled',
      cancelledMerchantOrderIds: [merchantOrderId],
      trackingDone: true,
    });
    expect(await fakeBrowser.action.getTitle({})).toBe('Buyline: nothing in flight');
    const notes = Object.keys(await fakeBrowser.notifications.getAll());
    expect(notes).toContain(`buyline:order:${localId}:cancel-attempting_to_cancel`);
    expect(notes).toContain(`buyline:order:${localId}:cancelled`);
  });

  it('refuses to cancel where the retailer does not allow it', async () => {
    const localId = await place({
      ...REQUEST,
      addax: undefined,
      retailer: 'walmart',
      products: [{ product_id: '900000001', quantity: 1 }],
      billing_address: ADDRESS,
      payment_method: { use_gift: true },
      retailer_credentials: { email: 'jane@example.com', password: 'pw' },
    });
    const placed = await runUntil(localId, final);
    const reply = (await route(
      {
        buyline: 1,
        type: 'order.cancel',
        payload: {
          localId,
          merchantOrderId: placed.merchantOrderIds[0],
          draftId: crypto.randomUUID(),
        },
      },
      OWN_PAGE,
    )) as {
      ok: boolean;
      error?: { message: string };
    };
    expect(reply.ok).toBe(false);
    expect(reply.error?.message).toContain('cannot be cancelled through the service');
  });

  it('imports orders placed elsewhere, without duplicates', async () => {
    const requestId = await postOrder(sandbox, REQUEST);
    await controlPost(sandbox, 'clock', { advance_ms: 1_000 });
    const placed = (await (
      await fetch(`${sandbox.url}/v1/orders/${requestId}`, { headers: { authorization: authOf() } })
    ).json()) as { merchant_order_ids: { merchant_order_id: string }[] };
    const first = await ask<{ imported: number; updated: number; unchanged: number }>(
      'orders.sync',
      {},
    );
    expect(first.imported).toBeGreaterThanOrEqual(1);
    const merchantOrderId = placed.merchant_order_ids[0]?.merchant_order_id as string;
    const imported = (await (await history()).queryOrders({ search: merchantOrderId }))[0];
    expect(imported).toMatchObject({ source: 'sync', retailer: 'amazon', state: 'placed' });
    const second = await ask<{ imported: number }>('orders.sync', {});
    expect(second.imported).toBe(0);
  });
});
