import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import type { RunningSandbox } from '../../../sandbox/index.ts';
import { history } from '../../../src/background/history/connection.ts';
import { route } from '../../../src/background/pages/router.ts';
import { STORED_KEYS } from '../../../src/shared/stored-keys.ts';
import { ADDRESS, MANAGED_ORDER } from '../../fixtures.ts';
import { fakeBrowser, OWN_PAGE, resetExtension } from '../background/extension-env.ts';
import {
  advance,
  connectTo,
  controlPost,
  type SeenRequest,
  startTestSandbox,
  useFakeClock,
  useRealClock,
} from '../background/sandbox-env.ts';

// Every retry rule of order-life/timing.ts, with its real delays, through the
// product's own scheduler: the clock is fake, the sandbox real, and nothing but
// time passing (and the sandbox's faults) makes the next step due.

const seen: SeenRequest[] = [];
let sandbox: RunningSandbox;
beforeAll(async () => {
  // Orders stay processing for ten sandbox minutes unless a test moves its clock.
  sandbox = await startTestSandbox(600_000, seen);
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await resetExtension();
  await fetch(`${sandbox.url}/_control/faults`, { method: 'DELETE' });
  await connectTo(sandbox, 'sandbox', { polling: { fastSeconds: 5, trackingMinutes: 30 } });
  useFakeClock();
  seen.length = 0;
});
afterEach(async () => {
  await resetExtension();
  useRealClock();
});

type Reply<T> = { ok: true; data: T } | { ok: false; error: { kind: string; message: string } };
const ask = async <T>(type: string, payload: unknown) =>
  (await route({ buyline: 1, type, payload }, OWN_PAGE)) as Reply<T>;

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

let t0 = 0;
async function place(request: Record<string, unknown> = MANAGED_ORDER): Promise<string> {
  const draftId = crypto.randomUUID();
  t0 = Date.now();
  const reply = await ask<{ placed: boolean }>('order.place', { draftId, request });
  expect(reply.ok && reply.data.placed).toBe(true);
  return draftId;
}

/** When (ms after the click) the sandbox saw requests of this method and path. */
function times(method: string, path: RegExp): number[] {
  return seen
    .filter((request) => request.method === method && path.test(request.path))
    .map((request) => request.at - t0);
}
const POSTS = /^\/v1\/orders$/;
const READS = /^\/v1\/orders\/[0-9a-f]+$/;
const LISTS = /^\/v1\/orders$/;

async function order(localId: string) {
  return (await history()).getOrder(localId);
}

describe('retry rules, through the scheduler', () => {
  it('unknown POST outcome: resent under the same key after 1 s, 2 s, 4 s, then unconfirmed, then 5 s', async () => {
    await controlPost(sandbox, 'faults', {
      mode: '500',
      method: 'POST',
      path: '/v1/orders',
      when: 'after',
      count: 4,
    });
    const localId = await place();
    await advance(20_000);
    expect(times('POST', POSTS)).toEqual([0, 1_000, 3_000, 7_000, 12_000]);
    const events = await (await history()).eventsOf(localId);
    expect(events.map((event) => event.to)).toEqual(['sending', 'unconfirmed', 'processing']);
    expect(events[1]?.at).toBe(t0 + 7_000);
    expect((await order(localId))?.requestId).toMatch(/^[0-9a-f]{32}$/);
    // One click, five POSTs, one order: every resend carried the first key.
    expect(await ordersOnService()).toBe(baseline + 1);
  });

  it('failed reads: 5 s, 10 s, 20 s, then the quick cadence again', async () => {
    await controlPost(sandbox, 'faults', {
      mode: '500',
      method: 'GET',
      path: '/v1/orders/',
      count: 3,
    });
    const localId = await place();
    await advance(40_000);
    expect(times('GET', READS)).toEqual([1_000, 6_000, 16_000, 36_000, 37_000, 39_000]);
    expect((await order(localId))?.schedule).toMatchObject({ rule: 'quick_read', attempts: 3 });
  });

  it('401: a rejected token is tried again every 5 minutes, not sooner', async () => {
    const localId = await place();
    await advance(500);
    await fakeBrowser.storage.local.set({ [STORED_KEYS.serviceToken.key]: 'revoked' });
    await advance(11 * 60_000);
    expect(times('GET', READS)).toEqual([1_000, 301_000, 601_000]);
    expect((await order(localId))?.schedule.lastError).toBe(
      'Token rejected: update it in Options.',
    );
  });

  it('429: nothing at all is sent before Retry-After, and a user action is held with a sentence', async () => {
    await controlPost(sandbox, 'faults', {
      mode: '429',
      method: 'GET',
      path: '/v1/orders/',
      retry_after: 30,
    });
    const first = await place();
    await advance(2_000);
    // A second order placed during the hold waits for it too.
    const second = await place();
    t0 -= 2_000;
    for (const [type, payload] of [
      ['order.refresh', { localId: first }],
      ['orders.sync', {}],
      ['token.test', {}],
    ] as const) {
      const reply = await ask(type, payload);
      expect(reply, type).toEqual({
        ok: false,
        error: {
          kind: 'rate_limited',
          message: expect.stringMatching(
            /^The service asked Buyline to slow down: nothing is sent to it for 29 more seconds\./,
          ),
        },
      });
    }
    await advance(29_500);
    expect(
      seen.map((request) => [
        request.at - t0,
        request.method,
        request.path.replace(/[0-9a-f]{32}/, 'ID'),
      ]),
    ).toEqual([
      [0, 'POST', '/v1/orders'],
      [1_000, 'GET', '/v1/orders/ID'],
      [31_000, 'GET', '/v1/orders/ID'],
      [31_000, 'POST', '/v1/orders'],
    ]);
    expect((await order(second))?.state).toBe('processing');
  });

  it('reconciliation: an order whose body was lost is looked for in the list at 5 s, 10 s, 20 s, 40 s…', async () => {
    await controlPost(sandbox, 'faults', {
      mode: '500',
      method: 'POST',
      path: '/v1/orders',
      when: 'after',
    });
    const localId = await place({
      ...MANAGED_ORDER,
      addax: undefined,
      max_price: undefined,
      billing_address: ADDRESS,
      payment_method: { use_gift: true },
      retailer_credentials: { email: 'jane@example.com', password: 'pw-123' },
    });
    await advance(500);
    // A browser restart empties session storage, where the body with its secrets was.
    await fakeBrowser.storage.session.clear();
    await advance(50_000);
    // The service places it (ten sandbox minutes): the next search finds it.
    await controlPost(sandbox, 'clock', { advance_ms: 600_000 });
    await advance(30_000);
    expect(times('GET', LISTS)).toEqual([6_000, 16_000, 36_000, 76_000]);
    const found = await order(localId);
    expect(found).toMatchObject({ state: 'placed', merchantOrderIds: [expect.any(String)] });
    expect(found?.requestId).toBeUndefined();
    expect((await (await history()).eventsOf(localId)).map((event) => event.to)).toEqual([
      'sending',
      'unconfirmed',
      'placed',
    ]);
  });
});
