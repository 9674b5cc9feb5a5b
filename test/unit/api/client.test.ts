import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  basicAuthorization,
  createServiceClient,
  parseRetryAfter,
} from '../../../src/api/client.ts';
import {
  AlreadyExistsError,
  InvalidResponseError,
  OutcomeUnknownError,
  RateLimitedError,
  ServiceError,
  UnauthorizedError,
} from '../../../src/api/errors.ts';
import type { OrderRequest } from '../../../src/api/schemas/order-request.ts';
import { type Handler, json, startTestServer } from './test-server.ts';

const ORDER: OrderRequest = {
  retailer: 'amazon',
  products: [{ product_id: 'B0TEST0001', quantity: 1 }],
  shipping_address: {
    first_name: 'Jane',
    last_name: 'Doe',
    address_line1: '1 Main St',
    zip_code: '02139',
    city: 'Cambridge',
    state: 'MA',
    country: 'US',
    phone_number: '6175550100',
  },
  is_gift: false,
  shipping_method: 'cheapest',
  addax: true,
  max_price: 5000,
};

let closeServer: (() => Promise<void>) | undefined;
afterEach(async () => {
  await closeServer?.();
  closeServer = undefined;
});

async function serve(handler: Handler, token = 'tok_123') {
  const server = await startTestServer(handler);
  closeServer = server.close;
  const client = createServiceClient({ baseUrl: server.url, token, timeoutMs: 2_000 });
  return { server, client };
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

describe('requests', () => {
  it('authenticates with Basic auth: the token as user name and an empty password', async () => {
    const { server, client } = await serve((_req, res) => json(res, 200, []), 'tök€n');
    await client.listOrders();
    const header = server.seen[0]?.headers.authorization ?? '';
    expect(header).toBe(basicAuthorization('tök€n'));
    expect(Buffer.from(header.replace('Basic ', ''), 'base64').toString('utf8')).toBe('tök€n:');
  });

  it('sends JSON with a content type only when there is a body', async () => {
    const { server, client } = await serve((req, res) =>
      req.method === 'POST' ? json(res, 200, { request_id: 'r1' }) : json(res, 200, []),
    );
    await client.listOrders();
    await client.createOrder(ORDER);
    expect(server.seen[0]?.headers['content-type']).toBeUndefined();
    expect(server.seen[1]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(server.seen[1]?.body ?? '')).toMatchObject({
      retailer: 'amazon',
      max_price: 5000,
    });
  });

  it('puts an idempotency key on every POST, and reuses the one given', async () => {
    const { server, client } = await serve((req, res) =>
      req.url?.endsWith('/abort')
        ? json(res, 200, { _type: 'error', code: 'request_processing', message: 'wait', data: {} })
        : json(res, 200, { request_id: 'r1' }),
    );
    const first = await client.createOrder(ORDER);
    const retry = await client.createOrder(ORDER, { idempotencyKey: 'same-key' });
    await client.cancelOrder('r1', { merchant_order_id: 'M-1' }, { idempotencyKey: 'cancel-key' });
    await client.abortOrder('r1');
    const keys = server.seen.map((request) => JSON.parse(request.body).idempotency_key);
    expect(keys[0]).toBe(first.idempotencyKey);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe('same-key');
    expect(retry.idempotencyKey).toBe('same-key');
    expect(keys[2]).toBe('cancel-key');
    expect(typeof keys[3]).toBe('string');
    expect(JSON.parse(server.seen[2]?.body ?? '')).toEqual({
      merchant_order_id: 'M-1',
      idempotency_key: 'cancel-key',
    });
  });

  it('sends no key when keys are turned off', async () => {
    const server = await startTestServer((_req, res) => json(res, 200, { request_id: 'r1' }));
    closeServer = server.close;
    const client = createServiceClient({
      baseUrl: server.url,
      token: 't',
      sendIdempotencyKeys: false,
    });
    const started = await client.createOrder(ORDER);
    expect(started.idempotencyKey).toBeUndefined();
    expect(JSON.parse(server.seen[0]?.body ?? '')).not.toHaveProperty('idempotency_key');
  });

  it('encodes every list parameter and leaves out the ones not given', async () => {
    const { server, client } = await serve((_req, res) => json(res, 200, []));
    await client.listOrders({
      limit: 25,
      skip: 50,
      starting_after: 1_700_000_000_000,
      ending_before: 1_800_000_000_000,
      retailer: 'amazon_uk',
    });
    await client.listOrders({ retailer: 'walmart' });
    expect(server.seen[0]?.url).toBe(
      '/v1/orders?limit=25&skip=50&starting_after=1700000000000&ending_before=1800000000000&retailer=amazon_uk',
    );
    expect(server.seen[1]?.url).toBe('/v1/orders?retailer=walmart');
  });

  it('encodes request ids in paths, under a base address with a path prefix', async () => {
    const server = await startTestServer((_req, res) =>
      json(res, 200, { _type: 'error', code: 'request_processing', data: {} }),
    );
    closeServer = server.close;
    const client = createServiceClient({ baseUrl: `${server.url}/proxy/`, token: 't' });
    await client.getOrder('a/b c');
    await client.getCancellation('x?y');
    expect(server.seen.map((request) => request.url)).toEqual([
      '/proxy/v1/orders/a%2Fb%20c',
      '/proxy/v1/cancellations/x%3Fy',
    ]);
  });

  it('sends an order as it is given: the background built and checked it, once', async () => {
    const { server, client } = await serve((_req, res) => json(res, 200, { request_id: 'r1' }));
    // A request the contract refuses still goes out as given: the one check is the
    // background's (placement.ts checkedRequest), never a second one here.
    const unchecked = { ...ORDER, max_price: undefined, idempotency_key: 'not-ours' };
    await client.createOrder(unchecked as unknown as OrderRequest, { idempotencyKey: 'k-1' });
    expect(JSON.parse(server.seen[0]?.body ?? '')).toEqual({
      ...ORDER,
      max_price: undefined,
      idempotency_key: 'k-1',
    });
  });
});

describe('outcomes', () => {
  it('reads processing, placed (keeping unknown fields) and failed with an unknown code', async () => {
    const bodies: Record<string, unknown> = {
      '/v1/orders/p': { _type: 'error', code: 'request_processing', message: 'wait', data: {} },
      '/v1/orders/ok': {
        _type: 'order_response',
        price_components: { total: 1234, currency: 'USD', brand_new: 7 },
        merchant_order_ids: [
          {
            merchant_order_id: 'M-1',
            merchant: 'amazon',
            account: 'a',
            placed_at: '2026-01-01T00:00:00Z',
            extra: 1,
          },
        ],
        tracking: [],
        request: {},
        delivery_dates: [],
        surprise: { nested: true },
      },
      '/v1/orders/f': {
        _type: 'error',
        code: 'brand_new_failure',
        message: 'Something new',
        data: { msg: 'x' },
      },
    };
    const { client } = await serve((req, res) => json(res, 200, bodies[req.url]));
    expect((await client.getOrder('p')).state).toBe('processing');
    const placed = await client.getOrder('ok');
    expect(placed.state).toBe('placed');
    if (placed.state === 'placed') {
      expect(placed.order.price_components?.total).toBe(1234);
      expect((placed.order.price_components as Record<string, unknown>).brand_new).toBe(7);
      expect((placed.order.merchant_order_ids[0] as Record<string, unknown>).extra).toBe(1);
      expect((placed.order as Record<string, unknown>).surprise).toEqual({ nested: true });
    }
    expect(await client.getOrder('f')).toMatchObject({
      state: 'failed',
      code: 'brand_new_failure',
      message: 'Something new',
      data: { msg: 'x' },
    });
  });

  it('reads every state of a cancellation', async () => {
    const bodies: Record<string, unknown> = {
      '/v1/cancellations/p': { _type: 'error', code: 'request_processing', data: {} },
      '/v1/cancellations/a': {
        _type: 'error',
        code: 'attempting_to_cancel',
        message: 'The retailer is attempting to cancel the order.',
        data: {},
      },
      '/v1/cancellations/c': {
        _type: 'cancellation_response',
        merchant_order_id: 'M-1',
        request: {},
      },
      '/v1/cancellations/f': {
        _type: 'error',
        code: 'cancellation_rejected',
        message: 'Already shipped',
        data: {},
      },
    };
    const { client } = await serve((req, res) => json(res, 200, bodies[req.url]));
    expect((await client.getCancellation('p')).state).toBe('processing');
    expect(await client.getCancellation('a')).toMatchObject({
      state: 'attempting_to_cancel',
      message: 'The retailer is attempting to cancel the order.',
    });
    expect(await client.getCancellation('c')).toMatchObject({
      state: 'cancelled',
      cancellation: { merchant_order_id: 'M-1' },
    });
    expect(await client.getCancellation('f')).toMatchObject({
      state: 'failed',
      code: 'cancellation_rejected',
    });
  });

  it('lists order responses as the service sends them, each read on its own', async () => {
    const spec = {
      _type: 'order_response',
      price_components: { total: 1999, currency: 'USD' },
      merchant_order_ids: [
        {
          merchant_order_id: 'M-1',
          merchant: 'amazon',
          account: 'a',
          placed_at: '2026-01-02T00:00:00Z',
        },
      ],
      tracking: [],
      request: { client_notes: { buyline_ref: 'mine' } },
      delivery_dates: [{ product_id: 'B0', delivery_date: '2026-01-09' }],
      future_field: 1,
    };
    const { client } = await serve((_req, res) =>
      json(res, 200, [
        spec,
        { _type: 'error', code: 'request_processing', data: {} },
        { _type: 'order_response', merchant_order_ids: 'not a list' },
        { _type: 'order_response', merchant_order_ids: [] },
      ]),
    );
    const listed = await client.listOrders();
    expect(listed.map((entry) => (entry.readable ? entry.status.state : 'unreadable'))).toEqual([
      'placed',
      'processing',
      'unreadable',
      'placed',
    ]);
    // The body is kept whole, unknown fields included, for the caller to find its keys in.
    expect(listed[0]).toMatchObject({ readable: true, body: spec });
    expect(listed[2]).toMatchObject({
      readable: false,
      problem: expect.stringContaining('merchant_order_ids'),
    });
  });

  it('refuses a list answer that is not a list, as a whole', async () => {
    const { client } = await serve((_req, res) => json(res, 200, { _type: 'order_response' }));
    await expect(client.listOrders()).rejects.toThrow();
  });
});

describe('already_exists: the answer to a repeated idempotency key', () => {
  const alreadyExists = (extra: Record<string, unknown> = {}) => ({
    _type: 'error',
    code: 'already_exists',
    message: 'A request with this idempotency key already exists.',
    data: {},
    ...extra,
  });

  it('409 to an order POST is an accepted request whose answer is lost, never a refusal', async () => {
    const { client } = await serve((_req, res) => json(res, 409, alreadyExists()));
    const error = await failure(client.createOrder(ORDER, { idempotencyKey: 'k-1' }));
    expect(error).toBeInstanceOf(AlreadyExistsError);
    expect(error).toMatchObject({ code: 'already_exists', status: 409, mayHaveTakenEffect: true });
    expect((error as AlreadyExistsError).requestId).toBeUndefined();
  });

  it('carries the request id when the answer has one, at its top or in its data', async () => {
    const bodies = [
      alreadyExists({ request_id: 'req-top' }),
      alreadyExists({ data: { request_id: 'req-data' } }),
    ];
    const { client } = await serve((_req, res) => json(res, 409, bodies.shift()));
    const top = await failure(client.createOrder(ORDER, { idempotencyKey: 'k-1' }));
    const inData = await failure(client.createOrder(ORDER, { idempotencyKey: 'k-1' }));
    expect((top as AlreadyExistsError).requestId).toBe('req-top');
    expect((inData as AlreadyExistsError).requestId).toBe('req-data');
  });

  it('is the same under any status, and to a cancellation POST', async () => {
    const { client } = await serve((_req, res) => json(res, 200, alreadyExists()));
    const error = await failure(client.cancelOrder('req-1', { merchant_order_id: 'M-1' }));
    expect(error).toBeInstanceOf(AlreadyExistsError);
    expect(error).toMatchObject({ status: 200, path: '/v1/orders/req-1/cancel' });
  });

  it('another 409 stays a refusal with its code', async () => {
    const { client } = await serve((_req, res) =>
      json(res, 409, { _type: 'error', code: 'conflict', message: 'no', data: {} }),
    );
    const error = await failure(client.createOrder(ORDER));
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).not.toBeInstanceOf(AlreadyExistsError);
    expect(error).toMatchObject({ code: 'conflict', mayHaveTakenEffect: false });
  });
});

describe('failures', () => {
  it('401 is unauthorized, with what to do', async () => {
    const { client } = await serve((_req, res) =>
      json(res, 401, { _type: 'error', code: 'invalid_client_token', message: 'bad', data: {} }),
    );
    const error = await failure(client.listOrders());
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect((error as UnauthorizedError).userMessage).toBe('Token rejected: update it in Options.');
  });

  it('429 is rate limited, with Retry-After in seconds or as a date', async () => {
    // The date is read against the clock: a fixed one.
    const now = Date.UTC(2026, 2, 2, 12, 0, 0);
    vi.useFakeTimers({ toFake: ['Date'], now });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    let answer = 0;
    const { client } = await serve((_req, res) => {
      answer += 1;
      const retryAfter = answer === 1 ? '7' : 'Mon, 02 Mar 2026 12:01:00 GMT';
      json(
        res,
        429,
        { _type: 'error', code: 'too_many_requests', message: 'slow down', data: {} },
        { 'retry-after': retryAfter },
      );
    });
    const first = await failure(client.getOrder('r'));
    expect(first).toBeInstanceOf(RateLimitedError);
    expect((first as RateLimitedError).retryAfterMs).toBe(7_000);
    const second = (await failure(client.createOrder(ORDER))) as RateLimitedError;
    expect(second.retryAfterMs).toBe(60_000);
    expect(second.mayHaveTakenEffect).toBe(false);
    expect(parseRetryAfter(null)).toBe(5_000);
    expect(parseRetryAfter('soon')).toBe(5_000);
    // A date already past asks for no wait at all.
    expect(parseRetryAfter('Mon, 02 Mar 2026 11:59:00 GMT', now)).toBe(0);
  });

  it('400 invalid_request and 404 invalid_request_id are service errors with code and data', async () => {
    const { client } = await serve((req, res) =>
      req.method === 'POST'
        ? json(res, 400, {
            _type: 'error',
            code: 'invalid_request',
            message: 'max_price is required',
            data: { field: 'max_price', msg: 'x' },
          })
        : json(res, 404, {
            _type: 'error',
            code: 'invalid_request_id',
            message: 'unknown id',
            data: {},
          }),
    );
    const bad = (await failure(client.createOrder(ORDER))) as ServiceError;
    expect(bad).toBeInstanceOf(ServiceError);
    expect(bad).toMatchObject({
      code: 'invalid_request',
      status: 400,
      data: { field: 'max_price', msg: 'x' },
      mayHaveTakenEffect: false,
    });
    const unknown = (await failure(client.getOrder('nope'))) as ServiceError;
    expect(unknown).toMatchObject({ code: 'invalid_request_id', status: 404 });
  });

  it('a 200 that does not match the contract is an invalid response naming what did not match', async () => {
    const { client } = await serve((req, res) =>
      json(
        res,
        200,
        req.method === 'POST'
          ? { id: 'r1' }
          : { _type: 'order_response', merchant_order_ids: 'M-1' },
      ),
    );
    const read = (await failure(client.getOrder('r'))) as InvalidResponseError;
    expect(read).toBeInstanceOf(InvalidResponseError);
    expect(read.problems.map((problem) => problem.field)).toContain('merchant_order_ids');
    expect(read.mayHaveTakenEffect).toBe(false);
    const posted = (await failure(client.createOrder(ORDER))) as InvalidResponseError;
    expect(posted.problems[0]?.field).toBe('request_id');
    // The order may exist: a POST's unexpected answer is never a failure.
    expect(posted.mayHaveTakenEffect).toBe(true);
  });

  it('a 200 that is not JSON leaves the outcome unknown', async () => {
    const { client } = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"request_id": "r1"');
    });
    const error = (await failure(client.createOrder(ORDER))) as OutcomeUnknownError;
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(error.reason).toBe('unreadable_body');
    expect(error.mayHaveTakenEffect).toBe(true);
  });

  it('a POST answered with 500, with or without a JSON body, has an unknown outcome', async () => {
    let answer = 0;
    const { client } = await serve((_req, res) => {
      answer += 1;
      if (answer === 1)
        json(res, 500, { _type: 'error', code: 'internal_error', message: 'boom', data: {} });
      else {
        res.writeHead(502);
        res.end('Bad gateway');
      }
    });
    for (const call of [
      client.createOrder(ORDER),
      client.cancelOrder('r1', { merchant_order_id: 'M-1' }),
    ]) {
      const error = (await failure(call)) as OutcomeUnknownError;
      expect(error).toBeInstanceOf(OutcomeUnknownError);
      expect(error).not.toBeInstanceOf(ServiceError);
      expect(error.reason).toBe('server_error');
      expect(error.mayHaveTakenEffect).toBe(true);
    }
  });

  it('a reset connection leaves a POST’s outcome unknown', async () => {
    const { client } = await serve((req, res) => {
      req.headers.connection = 'close';
      res.socket?.destroy();
    });
    const error = (await failure(client.createOrder(ORDER))) as OutcomeUnknownError;
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(error.reason).toBe('network');
    expect(error.mayHaveTakenEffect).toBe(true);
  });

  it('a service that never answers times out, and the POST’s outcome is unknown', async () => {
    const server = await startTestServer(() => {
      // Never answers.
    });
    closeServer = server.close;
    const client = createServiceClient({ baseUrl: server.url, token: 't', timeoutMs: 200 });
    const error = (await failure(client.createOrder(ORDER))) as OutcomeUnknownError;
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(error.reason).toBe('timeout');
    expect(error.mayHaveTakenEffect).toBe(true);
    const read = (await failure(client.getOrder('r'))) as OutcomeUnknownError;
    expect(read.reason).toBe('timeout');
    expect(read.mayHaveTakenEffect).toBe(false);
  });

  it('a service that cannot be reached is a network failure', async () => {
    const server = await startTestServer(() => undefined);
    const url = server.url;
    await server.close();
    const client = createServiceClient({ baseUrl: url, token: 't', timeoutMs: 2_000 });
    const error = (await failure(client.listOrders())) as OutcomeUnknownError;
    expect(error.reason).toBe('network');
  });
});
