import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import type { RunningSandbox } from '../../../sandbox/index.ts';
import type { ServiceClient } from '../../../src/api/client.ts';
import { orderStatusOf } from '../../../src/api/outcomes.ts';
import { history } from '../../../src/background/history/connection.ts';
import { route } from '../../../src/background/pages/router.ts';
import type { Gate } from '../../../src/background/rounds/service-gate.ts';
import { syncFromService } from '../../../src/background/rounds/sync.ts';
import { defaultSettings } from '../../../src/shared/settings.ts';
import { MANAGED_ORDER } from '../../fixtures.ts';
import { fakeBrowser, OWN_PAGE, resetExtension } from '../background/extension-env.ts';
import { orderRecord } from '../background/fixtures.ts';
import {
  advance,
  authOf,
  connectTo,
  controlPost,
  postOrder,
  startTestSandbox,
  useFakeClock,
  useRealClock,
} from '../background/sandbox-env.ts';

// "Sync" against what the real service sends: list elements with no request_id and no
// created_at, known by our reference or by their merchant order ids.

let sandbox: RunningSandbox;
beforeAll(async () => {
  // Orders stay processing for a minute of sandbox time unless a test moves its clock.
  sandbox = await startTestSandbox(60_000);
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await resetExtension();
  await connectTo(sandbox);
  useFakeClock();
});
afterEach(async () => {
  await resetExtension();
  useRealClock();
});

type SyncReply = {
  imported: number;
  updated: number;
  unchanged: number;
  skipped: { reason: string; count: number }[];
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

async function readOnService(requestId: string) {
  const response = await fetch(`${sandbox.url}/v1/orders/${requestId}`, {
    headers: { authorization: authOf() },
  });
  return (await response.json()) as {
    merchant_order_ids: { merchant_order_id: string; placed_at: string }[];
  };
}

describe('sync', () => {
  it('imports a listed order without request_id once across two syncs, dated by placed_at', async () => {
    const requestId = await postOrder(sandbox, MANAGED_ORDER);
    await controlPost(sandbox, 'clock', { advance_ms: 120_000 });
    const onService = await readOnService(requestId);
    const [merchantOrder] = onService.merchant_order_ids;
    const first = await ask<SyncReply>('orders.sync', {});
    expect(first).toMatchObject({ imported: 1, updated: 0, skipped: [] });
    const second = await ask<SyncReply>('orders.sync', {});
    expect(second).toMatchObject({ imported: 0, updated: 0, unchanged: 1, skipped: [] });
    const all = await (await history()).queryOrders({ limit: 100 });
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({
      source: 'sync',
      state: 'placed',
      merchantOrderIds: [merchantOrder?.merchant_order_id],
      createdAt: Date.parse(merchantOrder?.placed_at as string),
    });
    expect(all[0]?.requestId).toBeUndefined();
    // Imported orders are not news: no notification for them.
    expect(await fakeBrowser.notifications.getAll()).toEqual({});
  });

  it('tells the user of a change it brings to an order followed here', async () => {
    const localId = crypto.randomUUID();
    await ask('order.place', { draftId: localId, request: MANAGED_ORDER });
    await advance(500);
    expect((await (await history()).getOrder(localId))?.state).toBe('processing');
    // The service places it; a sync learns it before the next read does.
    await controlPost(sandbox, 'clock', { advance_ms: 120_000 });
    const result = await ask<SyncReply>('orders.sync', {});
    expect(result.updated).toBe(1);
    expect((await (await history()).getOrder(localId))?.state).toBe('placed');
    expect(Object.keys(await fakeBrowser.notifications.getAll())).toEqual([
      `buyline:order:${localId}:placed`,
    ]);
    expect(await fakeBrowser.action.getBadgeText({})).toBe('');
    // Known by our reference: the list does not make a second record of it.
    const ours = (await (await history()).getOrder(localId))?.merchantOrderIds ?? [];
    const all = await (await history()).queryOrders({ limit: 100 });
    expect(
      all.filter((order) => order.merchantOrderIds.some((id) => ours.includes(id))),
    ).toHaveLength(1);
  });
});

describe('sync of bodies a service may send', () => {
  const spec = {
    _type: 'order_response',
    price_components: {
      converted_payment_total: 1999,
      currency: 'USD',
      payment_currency: 'USD',
      shipping: 0,
      subtotal: 1999,
      tax: 0,
      total: 1999,
    },
    merchant_order_ids: [
      {
        merchant_order_id: '111-1',
        merchant: 'amazon',
        account: 'x',
        placed_at: '2026-02-03T04:05:06Z',
      },
    ],
    tracking: [],
    request: { retailer: 'amazon', products: [{ product_id: 'B0SPEC0001', quantity: 2 }] },
    delivery_dates: [{ product_id: 'B0SPEC0001', date: '2026-02-10' }],
    account_status: { prime: true, fresh: false, business: false, charity: null },
  };
  function gateListing(elements: unknown[]): Gate {
    const listOrders = async () =>
      elements.map((element) => {
        const body = element as Parameters<typeof orderStatusOf>[0];
        return typeof element === 'object' &&
          element !== null &&
          ['order_response', 'error'].includes((element as { _type?: string })._type ?? '') &&
          (element as { merchant_order_ids?: unknown }).merchant_order_ids !== 'bad'
          ? { readable: true as const, body, status: orderStatusOf(body) }
          : { readable: false as const, problem: 'merchant_order_ids must be a list.' };
      });
    return {
      client: { listOrders } as unknown as ServiceClient,
      settings: defaultSettings(),
      sendsKeys: true,
    };
  }

  it('imports a spec-shaped order, skips what cannot be known again, and says why', async () => {
    const result = await syncFromService(
      gateListing([
        spec,
        { ...spec, merchant_order_ids: 'bad' },
        { _type: 'error', code: 'request_processing', data: {} },
        { _type: 'order_response', merchant_order_ids: [], tracking: [], delivery_dates: [] },
        { ...spec, merchant_order_ids: [{ merchant_order_id: '111-2' }], request: undefined },
      ]),
      {},
      Date.UTC(2026, 5, 1),
    );
    expect(result).toEqual({
      imported: 2,
      updated: 0,
      unchanged: 0,
      skipped: [
        { reason: 'the service listed it in a form Buyline cannot read', count: 1 },
        {
          reason: 'not placed yet, and listed without the service’s reference to follow it by',
          count: 1,
        },
        { reason: 'listed without any reference or store order number to know it by', count: 1 },
      ],
    });
    const imported = await (await history()).queryOrders({ limit: 10 });
    const full = imported.find((order) => order.merchantOrderIds.includes('111-1'));
    expect(full).toMatchObject({
      retailer: 'amazon',
      productIds: ['B0SPEC0001'],
      total: 1999,
      currency: 'USD',
      deliveryDates: [{ productId: 'B0SPEC0001', date: '2026-02-10' }],
      createdAt: Date.parse('2026-02-03T04:05:06Z'),
    });
    // Missing optional fields (no request, no placed_at): still imported, dated now.
    const bare = imported.find((order) => order.merchantOrderIds.includes('111-2'));
    expect(bare).toMatchObject({ retailer: 'unknown', createdAt: Date.UTC(2026, 5, 1) });
  });

  it('gives an order the batch its notes name, imported or followed here already', async () => {
    const store = await history();
    // Followed here already, placed, without its batch (placed before orders kept it).
    await store.addOrder(
      orderRecord({
        localId: 'draft-5',
        state: 'placed',
        merchantOrderIds: ['111-5'],
        createdAt: Date.parse('2026-02-03T04:05:06Z'),
      }),
    );
    const notes = (ref: string) => ({
      ...spec.request,
      client_notes: { buyline_ref: ref, buyline_batch: 'batch-5', buyline_rows: '2' },
    });
    const result = await syncFromService(
      gateListing([
        {
          ...spec,
          merchant_order_ids: [{ merchant_order_id: '111-5' }],
          request: notes('draft-5'),
        },
        {
          ...spec,
          merchant_order_ids: [{ merchant_order_id: '111-6' }],
          request: notes('draft-6'),
        },
      ]),
      {},
      Date.UTC(2026, 5, 1),
    );
    expect(result).toMatchObject({ imported: 1, updated: 1 });
    const ofBatch = await store.queryOrders({ batchId: 'batch-5' });
    expect(ofBatch.map((order) => order.localId).sort()).toEqual(['draft-5', 'draft-6']);
    // Read again: nothing new to write.
    const again = await syncFromService(
      gateListing([
        {
          ...spec,
          merchant_order_ids: [{ merchant_order_id: '111-5' }],
          request: notes('draft-5'),
        },
      ]),
      {},
      Date.UTC(2026, 5, 1),
    );
    expect(again).toMatchObject({ imported: 0, updated: 0, unchanged: 1 });
  });
});
