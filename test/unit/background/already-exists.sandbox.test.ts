import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import type { RunningSandbox } from '../../../sandbox/index.ts';
import { history } from '../../../src/background/history/connection.ts';
import { route } from '../../../src/background/pages/router.ts';
import { type RepeatedKeyAnswer, startAlreadyExistsSandbox } from './already-exists-sandbox.ts';
import { OWN_PAGE, resetExtension } from './extension-env.ts';
import { ADDRESS } from './fixtures.ts';
import {
  advance,
  connectTo,
  controlPost,
  runUntil,
  type SeenRequest,
  useFakeClock,
  useRealClock,
} from './sandbox-env.ts';

// The service's newer API version answers a POST that repeats an idempotency key with
// 409 `already_exists`. Buyline resends under the same key whenever an answer is lost;
// the order must then read placed, exist once, and never be failed or sent again.

const seen: SeenRequest[] = [];
let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startAlreadyExistsSandbox(seen);
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(async () => {
  await resetExtension();
  await fetch(`${sandbox.url}/_control/faults`, { method: 'DELETE' });
  await connectTo(sandbox);
  useFakeClock();
  seen.length = 0;
});
afterEach(async () => {
  await resetExtension();
  useRealClock();
});

const REQUEST = {
  retailer: 'amazon',
  products: [{ product_id: 'B0CANCELOK', quantity: 1 }],
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

async function ordersOnService(): Promise<number> {
  const state = (await (await fetch(`${sandbox.url}/_control/state`)).json()) as {
    tokens: Record<string, { orders: number; cancellations: number }>;
  };
  return state.tokens.sandbox?.orders ?? 0;
}
async function cancellationsOnService(): Promise<number> {
  const state = (await (await fetch(`${sandbox.url}/_control/state`)).json()) as {
    tokens: Record<string, { cancellations: number }>;
  };
  return state.tokens.sandbox?.cancellations ?? 0;
}
const posts = (path: string) =>
  seen.filter((request) => request.method === 'POST' && request.path === path).length;

describe.each<RepeatedKeyAnswer>(['already_exists_without_id', 'already_exists'])(
  'a resend answered 409 (%s)',
  (answer) => {
    beforeEach(async () => {
      await controlPost(sandbox, 'repeated-key', { answer });
    });

    it('leaves the order placed, once at the service, never failed and never sent again', async () => {
      const before = await ordersOnService();
      // The first POST is carried out and its answer lost: Buyline resends under its key.
      await controlPost(sandbox, 'faults', {
        mode: 'drop',
        method: 'POST',
        path: '/v1/orders',
        when: 'after',
      });
      const localId = crypto.randomUUID();
      await ask('order.place', { draftId: localId, request: REQUEST });
      const resent = await runUntil(localId, (order) => order.state !== 'sending');
      // Followed by the request id the 409 carries, or else looked for in the list.
      const found = resent.requestId ? 'processing' : 'unconfirmed';
      expect(resent.state).toBe(found);
      expect(resent.alreadyAtService).toBe(resent.requestId ? undefined : true);
      expect(posts('/v1/orders')).toBe(2);

      const order = await runUntil(localId, (record) => record.state === 'placed');
      expect(order.failure).toBeUndefined();
      expect(order.merchantOrderIds).toHaveLength(1);
      expect(await ordersOnService()).toBe(before + 1);
      const events = await (await history()).eventsOf(localId);
      expect(events.map((event) => event.to)).toEqual(['sending', found, 'placed']);
      expect(events.map((event) => event.to)).not.toContain('failed');

      // Nothing is sent again, however long it is followed.
      await advance(60 * 60_000);
      expect(posts('/v1/orders')).toBe(2);
      expect(await ordersOnService()).toBe(before + 1);
      expect((await (await history()).getOrder(localId))?.state).toBe('placed');
    }, 30_000);

    it('leaves a cancellation sent and unconfirmed, asked for once at the service', async () => {
      const localId = crypto.randomUUID();
      await ask('order.place', { draftId: localId, request: REQUEST });
      const placed = await runUntil(localId, (order) => order.state === 'placed');
      const before = await cancellationsOnService();
      await controlPost(sandbox, 'faults', {
        mode: 'drop',
        method: 'POST',
        path: `/v1/orders/${placed.requestId}/cancel`,
        when: 'after',
      });
      await ask('order.cancel', {
        localId,
        merchantOrderId: placed.merchantOrderIds[0],
        draftId: crypto.randomUUID(),
      });
      await advance(10_000);
      const [cancellation] = await (await history()).cancellationsOf(localId);
      expect(cancellation?.failure).toBeUndefined();
      expect(await cancellationsOnService()).toBe(before + 1);
      if (answer === 'already_exists') {
        // The 409 named the cancellation: it is followed by its id, as if accepted.
        expect(cancellation?.requestId).toBeDefined();
        expect(cancellation?.state).not.toMatch(/sending|unconfirmed|failed/);
      } else {
        expect(cancellation).toMatchObject({ state: 'unconfirmed' });
        // Still the same order, still placed: a cancellation whose answer is lost is not news.
        expect((await (await history()).getOrder(localId))?.state).toBe('placed');
      }
    }, 30_000);
  },
);
