import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import type { RunningSandbox } from '../../../sandbox/index.ts';
import { history } from '../../../src/background/history/connection.ts';
import { route } from '../../../src/background/pages/router.ts';
import type { OrderRecord } from '../../../src/shared/order-record.ts';
import { MANAGED_ORDER } from '../../fixtures.ts';
import { fakeBrowser, OWN_PAGE, resetExtension } from '../background/extension-env.ts';
import {
  advance,
  connectTo,
  controlPost,
  postOrder,
  runUntil,
  type SeenRequest,
  startTestSandbox,
  useFakeClock,
  useRealClock,
} from '../background/sandbox-env.ts';

// What one round costs and how soon an outcome is known: placed orders awaiting
// tracking are read together through the list, orders in flight by their own GET, and
// a cancellation's outcome is read within two seconds of the service deciding it.

const PROCESSING_MS = 150;
const seen: SeenRequest[] = [];
let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox(PROCESSING_MS, seen);
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await resetExtension();
  await connectTo(sandbox, 'sandbox', { polling: { fastSeconds: 5, trackingMinutes: 30 } });
  useFakeClock();
  seen.length = 0;
});
afterEach(async () => {
  await resetExtension();
  useRealClock();
});

async function ask<T>(type: string, payload: unknown): Promise<T> {
  const reply = (await route({ buyline: 1, type, payload }, OWN_PAGE)) as {
    ok: boolean;
    data?: T;
    error?: { message: string };
  };
  if (!reply.ok) throw new Error(reply.error?.message);
  return reply.data as T;
}

describe('the tracking watch', () => {
  it('reads 250 placed orders awaiting tracking with 3 list requests; orders in flight by their own GET', async () => {
    for (let i = 0; i < 250; i++)
      await postOrder(sandbox, { ...MANAGED_ORDER, client_notes: { buyline_ref: `w-${i}` } });
    await controlPost(sandbox, 'clock', { advance_ms: 60_000 });
    expect((await ask<{ imported: number }>('orders.sync', {})).imported).toBe(250);
    const due = Date.now() + 30 * 60_000;
    // Two orders placed here a second before: their first read falls in the same round.
    await advance(30 * 60_000 - 1_000);
    for (let i = 0; i < 2; i++)
      await ask('order.place', { draftId: crypto.randomUUID(), request: MANAGED_ORDER });
    await advance(1_000);
    const round = seen.filter((request) => request.at === due);
    expect(
      round.filter((request) => request.method === 'GET' && request.path === '/v1/orders'),
    ).toHaveLength(3);
    expect(round.filter((request) => /^\/v1\/orders\/[0-9a-f]+$/.test(request.path))).toHaveLength(
      2,
    );
    expect(round).toHaveLength(5);
    const watched = await (await history()).getOrder('w-7');
    expect(watched?.schedule.nextAt).toBe(due + 30 * 60_000);
  });
});

describe('prompt outcomes', () => {
  it('reads a cancellation every second or two: its outcome is known within 2 s of the decision', async () => {
    const localId = crypto.randomUUID();
    await ask('order.place', {
      draftId: localId,
      request: { ...MANAGED_ORDER, products: [{ product_id: 'B0CANCELOK', quantity: 1 }] },
    });
    const placed = await runUntil(localId, (order) => order.state === 'placed');
    seen.length = 0;
    await ask('order.cancel', {
      localId,
      merchantOrderId: placed.merchantOrderIds[0],
      draftId: crypto.randomUUID(),
    });
    const asked = seen.find((request) => request.path.endsWith('/cancel'))?.at as number;
    // The sandbox decides B0CANCELOK after its processing time and a five-second attempt.
    const decided = asked + PROCESSING_MS + 5_000;
    await advance(10_000);
    const reads = seen
      .filter((request) => request.path.startsWith('/v1/cancellations/'))
      .map((request) => request.at - asked);
    expect(reads.slice(0, 4)).toEqual([1_000, 3_000, 5_000, 7_000]);
    const events = await (await history()).eventsOf(localId);
    const cancelledAt = events.find(
      (event) => event.subject === 'order' && event.to === 'cancelled',
    )?.at as number;
    expect(cancelledAt - decided).toBeGreaterThanOrEqual(0);
    expect(cancelledAt - decided).toBeLessThanOrEqual(2_000);
    const order = (await (await history()).getOrder(localId)) as OrderRecord;
    expect(order.state).toBe('cancelled');
    expect(Object.keys(await fakeBrowser.notifications.getAll())).toContain(
      `buyline:order:${localId}:cancelled`,
    );
  });
});
