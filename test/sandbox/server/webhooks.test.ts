import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Api, managedOrder, openApi } from './helpers.ts';

let api: Api;
afterEach(() => api?.close());

async function receiver(status: (count: number) => number) {
  const seen: { path: string; body: any }[] = [];
  let count = 0;
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    req.on('end', () => {
      count += 1;
      seen.push({ path: req.url ?? '', body: JSON.parse(text) });
      res.writeHead(status(count));
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Waits for a webhook delivery (real I/O) to arrive: an event, not a stretch of time. */
async function received(hooks: { seen: unknown[] }, count: number) {
  await vi.waitFor(() => expect(hooks.seen.length).toBeGreaterThanOrEqual(count), {
    timeout: 5_000,
  });
}

describe('webhooks', () => {
  it('posts each order event with the GET body of that moment, in order', async () => {
    api = await openApi();
    const hooks = await receiver(() => 200);
    try {
      const webhooks = {
        request_succeeded: `${hooks.url}/succeeded`,
        request_failed: `${hooks.url}/failed`,
        tracking_obtained: `${hooks.url}/tracking-obtained`,
        tracking_updated: `${hooks.url}/tracking-updated`,
        status_updated: `${hooks.url}/status`,
      };
      const id = await api.create(
        managedOrder({
          webhooks,
          products: [
            { product_id: 'B0PLACES01', quantity: 1 },
            { product_id: 'B0ZIPONLY1', quantity: 1 },
          ],
        }),
      );
      // Nothing is told while the order is processing.
      await api.advance(59);
      await api.sandbox.webhooksIdle();
      expect(hooks.seen).toEqual([]);
      await api.advance(1);
      await received(hooks, 2);
      expect(hooks.seen.map((hook) => hook.path)).toEqual(['/succeeded', '/status']);
      expect(hooks.seen[0]?.body).toMatchObject({ _type: 'order_response', request_id: id });
      // Before any tracking, the GET still answers what the webhooks carried.
      const now = (await api.get(`/v1/orders/${id}`)).body;
      expect(hooks.seen[0]?.body).toEqual(now);
      expect(hooks.seen[1]?.body).toEqual(now);
      await api.advance(3 * 3_600_000);
      await received(hooks, 3);
      await api.advance(3 * 86_400_000);
      await received(hooks, 4);
      expect(hooks.seen.map((hook) => hook.path)).toEqual([
        '/succeeded',
        '/status',
        '/tracking-obtained',
        '/tracking-updated',
      ]);
      expect(hooks.seen[2]?.body.tracking).toHaveLength(1);
      expect(hooks.seen[3]?.body.tracking).toHaveLength(2);

      const failed = await api.create(managedOrder({ max_price: 1, webhooks }));
      await api.advance(60);
      await received(hooks, 6);
      expect(hooks.seen.slice(4).map((hook) => hook.path)).toEqual(['/failed', '/status']);
      expect(hooks.seen[4]?.body).toMatchObject({ code: 'max_price_exceeded', request_id: failed });
      // Final and fully tracked: nothing more is told, however far time moves.
      await api.advance(30 * 86_400_000);
      await api.sandbox.webhooksIdle();
      expect(hooks.seen).toHaveLength(6);
    } finally {
      await hooks.close();
    }
  });

  it('tells a cancellation: request_failed on attempting, then request_succeeded', async () => {
    api = await openApi();
    const hooks = await receiver(() => 200);
    try {
      const id = await api.create(
        managedOrder({ products: [{ product_id: 'B0CANCELOK', quantity: 1 }] }),
      );
      const placed = await api.settled(id);
      const webhooks = {
        request_succeeded: `${hooks.url}/succeeded`,
        request_failed: `${hooks.url}/failed`,
      };
      await api.post(`/v1/orders/${id}/cancel`, {
        merchant_order_id: placed.merchant_order_ids[0].merchant_order_id,
        webhooks,
      });
      await api.advance(60);
      await received(hooks, 1);
      // The attempt lasts five seconds here: just before its end, nothing more is told.
      await api.advance(5_000 - 1);
      await api.sandbox.webhooksIdle();
      expect(hooks.seen).toHaveLength(1);
      await api.advance(1);
      await received(hooks, 2);
      expect(hooks.seen.map((hook) => [hook.path, hook.body._type, hook.body.code])).toEqual([
        ['/failed', 'error', 'attempting_to_cancel'],
        ['/succeeded', 'cancellation_response', undefined],
      ]);
    } finally {
      await hooks.close();
    }
  });

  it('tells an aborted order: request_failed and status_updated with aborted_request', async () => {
    api = await openApi({ processingMs: 2_000 });
    const hooks = await receiver(() => 200);
    try {
      const id = await api.create(
        managedOrder({
          webhooks: {
            request_succeeded: `${hooks.url}/succeeded`,
            request_failed: `${hooks.url}/failed`,
            status_updated: `${hooks.url}/status`,
          },
        }),
      );
      await api.post(`/v1/orders/${id}/abort`);
      // The abort takes effect a quarter of the processing time later.
      await api.advance(499);
      await api.sandbox.webhooksIdle();
      expect(hooks.seen).toEqual([]);
      await api.advance(1);
      await received(hooks, 2);
      expect(hooks.seen.map((hook) => [hook.path, hook.body.code])).toEqual([
        ['/failed', 'aborted_request'],
        ['/status', 'aborted_request'],
      ]);
      expect(hooks.seen[0]?.body).toEqual((await api.get(`/v1/orders/${id}`)).body);
    } finally {
      await hooks.close();
    }
  });

  it('does not hold up the API while a receiver hangs, and close() ends the delivery', async () => {
    api = await openApi();
    let arrived = 0;
    let ended = 0;
    const hanging: Server = createServer((req) => {
      arrived += 1;
      req.socket.on('close', () => {
        ended += 1;
      });
    });
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/hook`;
    try {
      const id = await api.create(managedOrder({ webhooks: { request_succeeded: url } }));
      expect((await api.settled(id))._type).toBe('order_response');
      await vi.waitFor(() => expect(arrived).toBe(1), { timeout: 5_000 });
      expect((await api.get('/v1/orders')).status).toBe(200);
      // The sender's own timeout is five seconds; close() ends the delivery well before.
      await api.close();
      await vi.waitFor(() => expect(ended).toBe(1), { timeout: 4_000 });
    } finally {
      hanging.closeAllConnections();
      await new Promise<void>((resolve) => hanging.close(() => resolve()));
    }
  });

  it('retries a webhook on the clock, doubling the wait, until the receiver answers 2xx', async () => {
    const lines: string[] = [];
    api = await openApi({ log: (line) => lines.push(line) });
    const hooks = await receiver((count) => (count < 3 ? 500 : 200));
    const tried = (attempt: number) =>
      vi.waitFor(
        () => expect(lines).toContain(`webhook to ${hooks.url} answered 500 (try ${attempt})`),
        { timeout: 5_000 },
      );
    try {
      await api.create(managedOrder({ webhooks: { request_succeeded: `${hooks.url}/succeeded` } }));
      await api.advance(60);
      await tried(1);
      // The first wait is 60 ms here (the processing time), then 120 ms.
      await api.advance(59);
      await api.sandbox.webhooksIdle();
      expect(hooks.seen).toHaveLength(1);
      await api.advance(1);
      await tried(2);
      await api.advance(119);
      await api.sandbox.webhooksIdle();
      expect(hooks.seen).toHaveLength(2);
      await api.advance(1);
      await received(hooks, 3);
      // Answered 2xx: no more tries, however far time moves.
      await api.advance(3_600_000);
      await api.sandbox.webhooksIdle();
      expect(hooks.seen).toHaveLength(3);
      expect(new Set(hooks.seen.map((hook) => JSON.stringify(hook.body))).size).toBe(1);
    } finally {
      await hooks.close();
    }
  });
});
