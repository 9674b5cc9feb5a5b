import { afterEach, describe, expect, it } from 'vitest';
import { type Api, basic, managedOrder, openApi, ownOrder } from './helpers.ts';

let api: Api;
afterEach(() => api?.close());

describe('listing orders', () => {
  it('lists newest first, 10 by default, with limit, skip, a time range and a retailer', async () => {
    api = await openApi();
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      ids.push(
        await api.create(
          i % 4 === 0
            ? ownOrder({
                retailer: 'walmart',
                products: [{ product_id: '900000001', quantity: 1 }],
                client_notes: { n: i },
              })
            : managedOrder({ client_notes: { n: i } }),
        ),
      );
      await api.advance(1_000);
    }
    // A list element has no request id: each order is told apart by its client_notes.
    const numbers = (orders: { request: { client_notes: { n: number } } }[]) =>
      orders.map((order) => order.request.client_notes.n);
    const newestFirst = Array.from({ length: 12 }, (_, i) => 11 - i);
    const all = (await api.get('/v1/orders')).body;
    expect(numbers(all)).toEqual(newestFirst.slice(0, 10));
    expect(numbers((await api.get('/v1/orders?limit=3&skip=2')).body)).toEqual(
      newestFirst.slice(2, 5),
    );
    // starting_after is inclusive, ending_before exclusive (unix ms of creation).
    const from = Date.parse((await api.get(`/v1/orders/${ids[3]}`)).body.created_at);
    const to = Date.parse((await api.get(`/v1/orders/${ids[6]}`)).body.created_at);
    const ranged = (await api.get(`/v1/orders?starting_after=${from}&ending_before=${to}&limit=50`))
      .body;
    expect(numbers(ranged)).toEqual([5, 4, 3]);
    const walmart = (await api.get('/v1/orders?retailer=walmart&limit=50')).body;
    expect(numbers(walmart)).toEqual([8, 4, 0]);
  });

  it('lists order responses only, with the spec’s element fields and nothing invented', async () => {
    api = await openApi();
    const placed = await api.create(managedOrder({ client_notes: { n: 'placed' } }));
    await api.advance(1_000);
    await api.create(managedOrder({ client_notes: { n: 'failed' }, max_price: 1 }));
    await api.advance(1_000);
    await api.create(managedOrder({ client_notes: { n: 'processing' } }));
    const listed = (await api.get('/v1/orders?limit=100')).body as Record<string, unknown>[];
    expect(listed).toHaveLength(1);
    const [element] = listed;
    expect(Object.keys(element ?? {}).sort()).toEqual([
      '_type',
      'account_status',
      'delivery_dates',
      'merchant_order_ids',
      'price_components',
      'request',
      'tracking',
    ]);
    expect(element).toMatchObject({
      _type: 'order_response',
      request: { client_notes: { n: 'placed' } },
    });
    expect(element).not.toHaveProperty('request_id');
    expect(element).not.toHaveProperty('created_at');
    // The same order read by its own GET carries what the list leaves out.
    expect((await api.get(`/v1/orders/${placed}`)).body).toMatchObject({
      _type: 'order_response',
      request_id: placed,
      merchant_order_ids: (element as { merchant_order_ids: unknown }).merchant_order_ids,
    });
  });

  it('refuses bad query values, naming the parameter', async () => {
    api = await openApi();
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=abc', 'limit'],
      ['skip=-1', 'skip'],
      ['starting_after=yesterday', 'starting_after'],
      ['retailer=ebay', 'retailer'],
      ['colour=red', 'colour'],
    ]) {
      const answer = await api.get(`/v1/orders?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.data.field, query).toBe(field);
    }
  });
});

describe('the control API', () => {
  it('is not there without --control', async () => {
    api = await openApi({ control: false });
    expect((await fetch(`${api.url}/_control/state`)).status).toBe(404);
  });

  it('makes the next requests answer 500, before or after doing the work', async () => {
    api = await openApi();
    await api.control('faults', { mode: '500', count: 1, method: 'POST', path: '/v1/orders' });
    const failed = await api.post('/v1/orders', managedOrder());
    expect(failed.status).toBe(500);
    expect((await api.control('state', undefined, 'GET')).tokens.sandbox).toBeUndefined();
    await api.control('faults', { mode: '500', when: 'after', path: '/v1/orders' });
    const lost = await api.post('/v1/orders', managedOrder({ idempotency_key: 'retry-me' }));
    expect(lost.status).toBe(500);
    expect((await api.control('state', undefined, 'GET')).tokens.sandbox.orders).toBe(1);
    const retried = await api.post('/v1/orders', managedOrder({ idempotency_key: 'retry-me' }));
    expect(retried.status).toBe(200);
    expect((await api.control('state', undefined, 'GET')).tokens.sandbox.orders).toBe(1);
    // The retry answered the first order: once placed, it is the only one listed.
    await api.settled(retried.body.request_id);
    expect(
      (await api.get('/v1/orders')).body.map(
        (order: { request: { idempotency_key: string } }) => order.request.idempotency_key,
      ),
    ).toEqual(['retry-me']);
  });

  it('can drop the connection after the order was created, so a retry with the key finds it', async () => {
    api = await openApi();
    await api.control('faults', {
      mode: 'drop',
      when: 'after',
      method: 'POST',
      path: '/v1/orders',
    });
    const body = managedOrder({ idempotency_key: 'dropped-once' });
    await expect(api.post('/v1/orders', body)).rejects.toThrow();
    expect((await api.control('state', undefined, 'GET')).tokens.sandbox.orders).toBe(1);
    const retried = await api.post('/v1/orders', body);
    expect(retried.status).toBe(200);
    await api.settled(retried.body.request_id);
    expect(
      (await api.get('/v1/orders')).body.map(
        (order: { request: { idempotency_key: string } }) => order.request.idempotency_key,
      ),
    ).toEqual(['dropped-once']);
    expect((await api.control('state', undefined, 'GET')).tokens.sandbox.orders).toBe(1);
  });

  it('hits only the method and path prefix it was given, as many times as asked', async () => {
    api = await openApi();
    await api.control('faults', { mode: '500', count: 2, method: 'POST', path: '/v1/orders' });
    await api.control('faults', { mode: '500', path: '/v1/cancellations' });
    expect((await api.control('state', undefined, 'GET')).faults).toHaveLength(2);
    expect((await api.get('/v1/orders')).status).toBe(200);
    expect((await api.post('/v1/orders', managedOrder())).status).toBe(500);
    expect((await api.post('/v1/orders', managedOrder())).status).toBe(500);
    expect((await api.post('/v1/orders', managedOrder())).status).toBe(200);
    expect((await api.get('/v1/cancellations/unknown')).status).toBe(500);
    expect((await api.get('/v1/cancellations/unknown')).status).toBe(404);
  });

  it('refuses a fault it does not know', async () => {
    api = await openApi();
    const response = await fetch(`${api.url}/_control/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'explode' }),
    });
    expect(response.status).toBe(400);
    expect((await response.json()).data.field).toBe('mode');
  });

  it('answers 429 with Retry-After', async () => {
    api = await openApi();
    await api.control('faults', { mode: '429', retry_after: 7 });
    const limited = await api.get('/v1/orders');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect(limited.body.code).toBe('too_many_requests');
    expect((await api.get('/v1/orders')).status).toBe(200);
  });

  it('returns malformed JSON, drops the connection, or holds it until the client gives up', async () => {
    api = await openApi();
    await api.control('faults', { mode: 'malformed' });
    const malformed = await fetch(`${api.url}/v1/orders`, {
      headers: { authorization: basic('sandbox') },
    });
    expect(malformed.status).toBe(200);
    await expect(malformed.json()).rejects.toThrow();
    await api.control('faults', { mode: 'drop' });
    await expect(
      fetch(`${api.url}/v1/orders`, { headers: { authorization: basic('sandbox') } }),
    ).rejects.toThrow();
    await api.control('faults', { mode: 'timeout' });
    await expect(
      fetch(`${api.url}/v1/orders`, {
        headers: { authorization: basic('sandbox') },
        signal: AbortSignal.timeout(300),
      }),
    ).rejects.toThrow();
    await api.control('faults', { mode: '500', count: 5 });
    await api.control('faults', undefined, 'DELETE');
    expect((await api.get('/v1/orders')).status).toBe(200);
  });

  it('moves the clock forward', async () => {
    api = await openApi({ processingMs: 60_000 });
    const id = await api.create(managedOrder());
    const before = (await api.control('state', undefined, 'GET')).now;
    expect((await api.control('clock', { advance_ms: 59_999 })).now).toBe(before + 59_999);
    expect((await api.get(`/v1/orders/${id}`)).body.code).toBe('request_processing');
    await api.control('clock', { advance_ms: 1 });
    expect((await api.get(`/v1/orders/${id}`)).body._type).toBe('order_response');
  });
});
