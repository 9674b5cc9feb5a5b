import { afterEach, describe, expect, it } from 'vitest';
import { type Api, managedOrder, openApi, ownOrder } from './helpers.ts';

let api: Api;
afterEach(() => api?.close());

describe('managed mode', () => {
  it('serves the queue by priority: higher bid, then lower discount, then arrival', async () => {
    // Nothing moves until the test moves the clock: every order is queued before the
    // first slot frees. The two blockers start a second apart, so the slots free one at
    // a time and each serves the best order then waiting.
    api = await openApi({ processingMs: 60_000 });
    // Two slots: the first two orders take them; the rest wait and are served by priority.
    const blockers = [await api.create(managedOrder())];
    await api.advance(1_000);
    blockers.push(await api.create(managedOrder()));
    await api.advance(1_000);
    const queued = {
      plain: await api.create(managedOrder()),
      discount: await api.create(managedOrder({ managed_discount: -20 })),
      bid: await api.create(managedOrder({ managed_priority_bid: 500 })),
      bidAndDiscount: await api.create(
        managedOrder({ managed_priority_bid: 500, managed_discount: -5 }),
      ),
    };
    for (let step = 0; step < 4; step++) await api.advance(60_000);
    for (const id of blockers) await api.settled(id);
    const placedAt: Record<string, number> = {};
    for (const [name, id] of Object.entries(queued)) {
      const body = await api.settled(id);
      expect(body._type, name).toBe('order_response');
      placedAt[name] = Date.parse(body.merchant_order_ids[0].placed_at);
    }
    const order = Object.entries(placedAt)
      .sort((a, b) => a[1] - b[1])
      .map(([name]) => name);
    expect(order).toEqual(['bidAndDiscount', 'bid', 'discount', 'plain']);
  });

  it('includes the bid in the managed cost and applies the discount', async () => {
    api = await openApi();
    const placed = await api.settled(
      await api.create(managedOrder({ managed_priority_bid: 250, managed_discount: -10 })),
    );
    const { total, managed_cost, managed_priority_bid } = placed.price_components;
    expect(managed_priority_bid).toBe(250);
    expect(managed_cost).toBe(Math.round(total * 1.1) + 250);
  });

  it('fails managed_max_price on the cost the client pays, bid included', async () => {
    api = await openApi();
    const body = await api.settled(
      await api.create(managedOrder({ max_price: 2200, managed_priority_bid: 200 })),
    );
    expect(body.code).toBe('max_price_exceeded');
  });

  it('uses a non-prime account with managed_prime_optout', async () => {
    api = await openApi();
    const placed = await api.settled(
      await api.create(managedOrder({ managed_prime_optout: true })),
    );
    expect(placed.account_status.prime).toBe(false);
    expect(placed.merchant_order_ids[0].account).toMatch(/^managed-standard-/);
  });

  it('times out a discount too high to be served at addax_queue_timeout', async () => {
    api = await openApi();
    const id = await api.create(
      managedOrder({
        products: [{ product_id: 'B0SCARCE01', quantity: 1 }],
        addax_queue_timeout: 600,
      }),
    );
    // Just before the timeout it is still waiting; at the timeout it fails.
    await api.advance(600_000 - 1);
    expect((await api.get(`/v1/orders/${id}`)).body.code).toBe('request_processing');
    await api.advance(1);
    expect((await api.get(`/v1/orders/${id}`)).body.code).toBe('managed_temporarily_overloaded');
    // Paying enough above face value gets served.
    const paying = await api.create(
      managedOrder({
        products: [{ product_id: 'B0SCARCE01', quantity: 1 }],
        managed_discount: -10,
      }),
    );
    expect((await api.settled(paying))._type).toBe('order_response');
  });

  it('times out an order that waited longer than addax_queue_timeout', async () => {
    api = await openApi({ processingMs: 5_000 });
    await api.create(managedOrder());
    await api.create(managedOrder());
    const waiting = await api.create(managedOrder({ addax_queue_timeout: 2 }));
    await api.advance(1_999);
    expect((await api.get(`/v1/orders/${waiting}`)).body.code).toBe('request_processing');
    await api.advance(1);
    expect((await api.get(`/v1/orders/${waiting}`)).body.code).toBe(
      'managed_temporarily_overloaded',
    );
  });
});

async function placedOrder(order: Record<string, unknown>) {
  const id = await api.create(order);
  const placed = await api.settled(id);
  return { id, merchantOrderId: placed.merchant_order_ids[0].merchant_order_id as string };
}

describe('cancellations', () => {
  it('goes processing, attempting_to_cancel, then cancelled', async () => {
    api = await openApi();
    const { id, merchantOrderId } = await placedOrder(
      managedOrder({ products: [{ product_id: 'B0CANCELOK', quantity: 1 }] }),
    );
    const started = await api.post(`/v1/orders/${id}/cancel`, {
      merchant_order_id: merchantOrderId,
    });
    expect(started.status).toBe(200);
    const cancellationId = started.body.request_id;
    expect((await api.get(`/v1/cancellations/${cancellationId}`)).body.code).toBe(
      'request_processing',
    );
    const attempting = await api.settled(cancellationId, 'sandbox', '/v1/cancellations/');
    expect(attempting).toMatchObject({
      _type: 'error',
      code: 'attempting_to_cancel',
      message: 'The retailer is attempting to cancel the order.',
    });
    await api.advance(5_000);
    const done = (await api.get(`/v1/cancellations/${cancellationId}`)).body;
    expect(done).toMatchObject({
      _type: 'cancellation_response',
      merchant_order_id: merchantOrderId,
      request: { merchant_order_id: merchantOrderId },
    });
    expect((await api.get(`/v1/orders/${id}`)).body.cancelled_merchant_order_ids).toEqual([
      merchantOrderId,
    ]);
  });

  it('goes attempting_to_cancel, then failed', async () => {
    api = await openApi();
    const { id, merchantOrderId } = await placedOrder(
      managedOrder({ products: [{ product_id: 'B0CANCELNO', quantity: 1 }] }),
    );
    const cancellationId = (
      await api.post(`/v1/orders/${id}/cancel`, { merchant_order_id: merchantOrderId })
    ).body.request_id;
    expect((await api.settled(cancellationId, 'sandbox', '/v1/cancellations/')).code).toBe(
      'attempting_to_cancel',
    );
    await api.advance(5_000);
    expect((await api.get(`/v1/cancellations/${cancellationId}`)).body).toMatchObject({
      _type: 'error',
      code: 'cancellation_failed',
    });
  });

  it('can be cancelled at once', async () => {
    api = await openApi();
    const { id, merchantOrderId } = await placedOrder(
      ownOrder({ retailer: 'amazon', products: [{ product_id: 'B0CANCELIM', quantity: 1 }] }),
    );
    const cancellationId = (
      await api.post(`/v1/orders/${id}/cancel`, { merchant_order_id: merchantOrderId })
    ).body.request_id;
    expect((await api.settled(cancellationId, 'sandbox', '/v1/cancellations/'))._type).toBe(
      'cancellation_response',
    );
  });

  it('is refused on an order not placed, a retailer without cancellation, or a foreign merchant order id', async () => {
    api = await openApi({ processingMs: 2_000 });
    const pending = await api.create(managedOrder());
    expect(
      await api.post(`/v1/orders/${pending}/cancel`, { merchant_order_id: 'x' }),
    ).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
    await api.advance(2_100);
    const walmart = await api.create(
      ownOrder({ retailer: 'walmart', products: [{ product_id: '900000001', quantity: 1 }] }),
    );
    await api.advance(2_100);
    const walmartBody = (await api.get(`/v1/orders/${walmart}`)).body;
    const refusedRetailer = await api.post(`/v1/orders/${walmart}/cancel`, {
      merchant_order_id: walmartBody.merchant_order_ids[0].merchant_order_id,
    });
    expect(refusedRetailer).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
    expect(refusedRetailer.body.message).toContain('amazon and amazon_uk only');
    const foreign = await api.post(`/v1/orders/${pending}/cancel`, {
      merchant_order_id: '000-0000000-0000000',
    });
    expect(foreign).toMatchObject({
      status: 400,
      body: { code: 'invalid_request', data: { field: 'merchant_order_id' } },
    });
    expect(await api.post(`/v1/orders/${pending}/cancel`, {})).toMatchObject({
      status: 400,
      body: { data: { field: 'merchant_order_id' } },
    });
  });

  it('takes one merchant order id per request, and answers a repeat with the same cancellation', async () => {
    api = await openApi();
    const { id } = await placedOrder(
      managedOrder({
        products: [
          { product_id: 'B0PLACES01', quantity: 1 },
          { product_id: 'B0ZIPONLY1', quantity: 1 },
        ],
      }),
    );
    const ids = (await api.get(`/v1/orders/${id}`)).body.merchant_order_ids.map(
      (entry: { merchant_order_id: string }) => entry.merchant_order_id,
    );
    const both = await api.post(`/v1/orders/${id}/cancel`, { merchant_order_id: ids });
    expect(both.status).toBe(400);
    const first = await api.post(`/v1/orders/${id}/cancel`, { merchant_order_id: ids[0] });
    const second = await api.post(`/v1/orders/${id}/cancel`, { merchant_order_id: ids[1] });
    const repeat = await api.post(`/v1/orders/${id}/cancel`, { merchant_order_id: ids[0] });
    expect(second.body.request_id).not.toBe(first.body.request_id);
    expect(repeat.body.request_id).toBe(first.body.request_id);
  });

  it('keeps about half of the cancellations waiting on the retailer first', async () => {
    api = await openApi({ processingMs: 20 });
    let attempting = 0;
    const total = 40;
    for (let i = 0; i < total; i++) {
      const { id, merchantOrderId } = await placedOrder(managedOrder());
      const cancellationId = (
        await api.post(`/v1/orders/${id}/cancel`, { merchant_order_id: merchantOrderId })
      ).body.request_id;
      const first = await api.settled(cancellationId, 'sandbox', '/v1/cancellations/');
      if (first.code === 'attempting_to_cancel') attempting += 1;
    }
    expect(attempting).toBeGreaterThan(total * 0.25);
    expect(attempting).toBeLessThan(total * 0.75);
  }, 60_000);
});
