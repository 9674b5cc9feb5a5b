import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, basic, managedOrder, openApi } from './helpers.ts';

const CLI = fileURLToPath(new URL('../../../sandbox/main.ts', import.meta.url));

let api: Api;
beforeAll(async () => {
  api = await openApi();
});
afterAll(() => api.close());

describe('authentication', () => {
  it('refuses a missing, malformed or unknown token with 401 invalid_client_token', async () => {
    const attempts: (Record<string, string> | undefined)[] = [
      undefined,
      { authorization: 'Bearer sandbox' },
      { authorization: 'Basic !!!' },
      { authorization: basic('nobody') },
      { authorization: basic('sandbox', 'a-password') },
    ];
    for (const headers of attempts) {
      const response = await fetch(`${api.url}/v1/orders`, headers ? { headers } : {});
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({
        _type: 'error',
        code: 'invalid_client_token',
        data: { msg: expect.any(String) },
      });
    }
  });

  it('accepts the token as user name with an empty password', async () => {
    expect((await api.get('/v1/orders')).status).toBe(200);
  });

  it('shows each token only its own requests', async () => {
    const mine = await api.create(managedOrder({ client_notes: { who: 'mine' } }));
    expect((await api.get(`/v1/orders/${mine}`, 'other')).status).toBe(404);
    expect((await api.get(`/v1/orders/${mine}`, 'other')).body.code).toBe('invalid_request_id');
    await api.settled(mine);
    const notesOf = (orders: { request: { client_notes?: { who?: string } } }[]) =>
      orders.map((order) => order.request.client_notes?.who);
    expect(notesOf((await api.get('/v1/orders?limit=100')).body)).toContain('mine');
    expect(notesOf((await api.get('/v1/orders?limit=100', 'other')).body)).not.toContain('mine');
  });
});

describe('request bodies', () => {
  it('answers unparseable JSON with 400 invalid_json', async () => {
    const response = await fetch(`${api.url}/v1/orders`, {
      method: 'POST',
      headers: { authorization: basic('sandbox'), 'content-type': 'application/json' },
      body: '{"retailer": "amazon",',
    });
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe('invalid_json');
  });

  it('wants JSON with its content type', async () => {
    const response = await fetch(`${api.url}/v1/orders`, {
      method: 'POST',
      headers: { authorization: basic('sandbox'), 'content-type': 'text/plain' },
      body: JSON.stringify(managedOrder()),
    });
    expect(response.status).toBe(415);
    expect((await response.json()).code).toBe('invalid_request');
  });

  it('answers a body that is JSON but not an object with 400 invalid_request', async () => {
    for (const body of [[managedOrder()], 'order', 42, null]) {
      const answer = await api.post('/v1/orders', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toMatchObject({
        _type: 'error',
        code: 'invalid_request',
        data: { field: '' },
      });
    }
  });

  it('answers a body that breaks a rule with 400 invalid_request naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [managedOrder({ max_price: undefined }), 'max_price'],
      [managedOrder({ shipping: { order_by: 'price' } }), 'shipping'],
      [managedOrder({ shipping_method: undefined }), 'shipping_method'],
      [managedOrder({ shipping_method: 'teleport' }), 'shipping_method'],
      [managedOrder({ gift_message: 'x'.repeat(241) }), 'gift_message'],
      [
        managedOrder({ gift_message: Array.from({ length: 10 }, () => 'line').join('\n') }),
        'gift_message',
      ],
      [managedOrder({ managed_discount: -51 }), 'managed_discount'],
      [managedOrder({ managed_discount: 5 }), 'managed_discount'],
      [
        managedOrder({ products: [{ product_id: 'B0PLACES01', quantity: 0 }] }),
        'products.0.quantity',
      ],
      [managedOrder({ products: [] }), 'products'],
      [managedOrder({ max_price: 19.99 }), 'max_price'],
      [managedOrder({ payment_method: { use_gift: true } }), 'payment_method'],
      [managedOrder({ addax: false }), 'retailer_credentials'],
      [
        managedOrder({ retailer: 'walmart', products: [{ product_id: '900000001', quantity: 1 }] }),
        'addax',
      ],
      [managedOrder({ is_gift: undefined }), 'is_gift'],
      [managedOrder({ surprise: 1 }), 'surprise'],
    ];
    for (const [body, field] of cases) {
      const answer = await api.post('/v1/orders', body);
      expect(answer.status, field).toBe(400);
      expect(answer.body).toMatchObject({
        _type: 'error',
        code: 'invalid_request',
        data: { field },
      });
      expect(answer.body.data.msg).toContain(field);
      expect(answer.body.request).toEqual(JSON.parse(JSON.stringify(body)));
    }
  });

  it('creates a valid order at once with an unguessable request id', async () => {
    const answer = await api.post('/v1/orders', managedOrder());
    expect(answer.status).toBe(200);
    expect(answer.body.request_id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('answers an unknown request id with 404 invalid_request_id, and unknown paths and methods plainly', async () => {
    expect(await api.get('/v1/orders/nope')).toMatchObject({
      status: 404,
      body: { code: 'invalid_request_id' },
    });
    expect(await api.get('/v1/cancellations/nope')).toMatchObject({
      status: 404,
      body: { code: 'invalid_request_id' },
    });
    expect(await api.post('/v1/orders/nope/abort')).toMatchObject({
      status: 404,
      body: { code: 'invalid_request_id' },
    });
    expect((await api.get('/v1/nothing')).status).toBe(404);
    const wrongMethod = await fetch(`${api.url}/v1/orders`, {
      method: 'DELETE',
      headers: { authorization: basic('sandbox') },
    });
    expect(wrongMethod.status).toBe(405);
  });
});

describe('the command line', () => {
  it('starts on a free port, prints its address, and refuses requests without a token', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', CLI, '--port', '0', '--token', 'cli-token'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    try {
      const url = await new Promise<string>((resolve, reject) => {
        // An event either way: the address printed, or the process gone without it.
        child.on('exit', (code) => reject(new Error(`exited with ${code}, no address printed`)));
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const match = /Sandbox listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
          if (match?.[1]) resolve(match[1]);
        });
      });
      expect((await fetch(`${url}/v1/orders`)).status).toBe(401);
      expect(
        (await fetch(`${url}/v1/orders`, { headers: { authorization: basic('cli-token') } }))
          .status,
      ).toBe(200);
      // Ctrl-C closes the server and ends the process without an error.
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      child.kill('SIGINT');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('refuses a bad flag with exit code 2 and says why', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, '--port', 'abc'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(2);
    expect(err).toContain('--port must be a whole number');
  });
});
