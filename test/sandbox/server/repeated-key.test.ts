import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { type Api, basic, managedOrder, openApi } from './helpers.ts';

const CLI = fileURLToPath(new URL('../../../sandbox/main.ts', import.meta.url));

let api: Api;
afterEach(() => api?.close());

const orders = async () => (await api.control('state', undefined, 'GET')).tokens.sandbox?.orders;

/** A placed order and one of its merchant order ids. */
async function placedOrder() {
  const id = await api.create(
    managedOrder({ products: [{ product_id: 'B0CANCELOK', quantity: 1 }] }),
  );
  const placed = await api.settled(id);
  return { id, merchantOrderId: placed.merchant_order_ids[0].merchant_order_id as string };
}

describe('a repeated idempotency key answered already_exists', () => {
  it('answers an order POST 409 already_exists with the first request id, and creates nothing', async () => {
    api = await openApi({ repeatedKey: 'already_exists' });
    const body = managedOrder({ idempotency_key: 'order-1', client_notes: { ref: 'r1' } });
    const first = await api.post('/v1/orders', body);
    expect(first.status).toBe(200);
    const again = await api.post('/v1/orders', body);
    expect(again).toMatchObject({
      status: 409,
      body: {
        _type: 'error',
        code: 'already_exists',
        message: expect.any(String),
        data: { msg: again.body.message },
        request: JSON.parse(JSON.stringify(body)),
        request_id: first.body.request_id,
      },
    });
    expect(await orders()).toBe(1);
    // Another body under the same key is still refused, naming the key.
    const changed = await api.post('/v1/orders', { ...body, max_price: 5 });
    expect(changed).toMatchObject({ status: 400, body: { data: { field: 'idempotency_key' } } });
    // Without a key, every POST is a new order.
    await api.create(managedOrder());
    await api.create(managedOrder());
    expect(await orders()).toBe(3);
  });

  it('answers a cancellation POST 409 already_exists with the cancellation’s id', async () => {
    api = await openApi({ repeatedKey: 'already_exists' });
    const { id, merchantOrderId } = await placedOrder();
    const body = { merchant_order_id: merchantOrderId, idempotency_key: 'cancel-1' };
    const first = await api.post(`/v1/orders/${id}/cancel`, body);
    expect(first.status).toBe(200);
    const again = await api.post(`/v1/orders/${id}/cancel`, body);
    expect(again).toMatchObject({
      status: 409,
      body: { _type: 'error', code: 'already_exists', request_id: first.body.request_id },
    });
    expect((await api.control('state', undefined, 'GET')).tokens.sandbox.cancellations).toBe(1);
  });

  it('leaves the request id out with already_exists_without_id', async () => {
    api = await openApi({ repeatedKey: 'already_exists_without_id' });
    const body = managedOrder({ idempotency_key: 'order-2', client_notes: { ref: 'r2' } });
    const first = await api.post('/v1/orders', body);
    const again = await api.post('/v1/orders', body);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('already_exists');
    expect(again.body).not.toHaveProperty('request_id');
    // The order is found again through the list, by the reference in client_notes.
    await api.settled(first.body.request_id);
    const listed = (await api.get('/v1/orders')).body;
    expect(
      listed.map((order: { request: { client_notes: unknown } }) => order.request.client_notes),
    ).toEqual([{ ref: 'r2' }]);
  });

  it('still replays an abort: the switch covers order and cancellation POSTs only', async () => {
    api = await openApi({ repeatedKey: 'already_exists', processingMs: 2_000 });
    const id = await api.create(managedOrder());
    const first = await api.post(`/v1/orders/${id}/abort`, { idempotency_key: 'abort-1' });
    const again = await api.post(`/v1/orders/${id}/abort`, { idempotency_key: 'abort-1' });
    expect(again).toMatchObject({ status: 200, body: first.body });
  });

  it('is switched on and off through the control API', async () => {
    api = await openApi();
    const body = managedOrder({ idempotency_key: 'order-3' });
    const first = await api.post('/v1/orders', body);
    expect((await api.post('/v1/orders', body)).body).toEqual(first.body);
    expect((await api.control('state', undefined, 'GET')).repeated_key).toBe('replay');
    expect(await api.control('repeated-key', { answer: 'already_exists' })).toEqual({
      answer: 'already_exists',
    });
    expect((await api.control('state', undefined, 'GET')).repeated_key).toBe('already_exists');
    expect(await api.post('/v1/orders', body)).toMatchObject({
      status: 409,
      body: { code: 'already_exists', request_id: first.body.request_id },
    });
    await api.control('repeated-key', { answer: 'replay' });
    expect(await api.post('/v1/orders', body)).toMatchObject({ status: 200, body: first.body });
    const refused = await fetch(`${api.url}/_control/repeated-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ answer: 'sometimes' }),
    });
    expect(refused.status).toBe(400);
    expect((await refused.json()).data.field).toBe('answer');
  });

  it('answers a resend after a lost answer with 409, and the one order goes on to be placed', async () => {
    api = await openApi();
    await api.control('repeated-key', { answer: 'already_exists' });
    await api.control('faults', { mode: '500', when: 'after', method: 'POST', path: '/v1/orders' });
    const body = managedOrder({ idempotency_key: 'lost-1' });
    expect((await api.post('/v1/orders', body)).status).toBe(500);
    const resent = await api.post('/v1/orders', body);
    expect(resent).toMatchObject({ status: 409, body: { code: 'already_exists' } });
    expect(await orders()).toBe(1);
    expect((await api.settled(resent.body.request_id))._type).toBe('order_response');
    expect((await api.get('/v1/orders')).body).toHaveLength(1);
  });
});

describe('the --repeated-key flag', () => {
  it('starts the sandbox answering already_exists, and refuses an unknown answer', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', CLI, '--port', '0', '--repeated-key', 'already_exists'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.on('exit', (code) => reject(new Error(`exited with ${code}`)));
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const match = /Sandbox listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
          if (match?.[1]) resolve(match[1]);
        });
      });
      const post = () =>
        fetch(`${url}/v1/orders`, {
          method: 'POST',
          headers: { authorization: basic('sandbox'), 'content-type': 'application/json' },
          body: JSON.stringify(managedOrder({ idempotency_key: 'cli-1' })),
        });
      expect((await post()).status).toBe(200);
      const again = await post();
      expect(again.status).toBe(409);
      expect((await again.json()).code).toBe('already_exists');
    } finally {
      child.kill('SIGKILL');
    }
    const bad = spawn(process.execPath, ['--import', 'tsx', CLI, '--repeated-key', 'sometimes'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    bad.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    expect(await new Promise((resolve) => bad.on('exit', resolve))).toBe(2);
    expect(err).toContain('--repeated-key must be one of replay, already_exists');
  });
});
