import {
  ManualClock,
  type RunningSandbox,
  type SandboxOptions,
  startSandbox,
} from '../../../sandbox/index.ts';

export { ADDRESS } from '../../fixtures.ts';

import { ADDRESS } from '../../fixtures.ts';

const CARD = {
  name_on_card: 'Jane Doe',
  number: '4242424242424242',
  security_code: '123',
  expiration_month: 12,
  expiration_year: 2099,
};

const LOGIN = { email: 'jane@example.com', password: 'correct horse' };

/** A managed order (addax) of the product that always places. */
export function managedOrder(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    retailer: 'amazon',
    products: [{ product_id: 'B0PLACES01', quantity: 1 }],
    shipping_address: ADDRESS,
    is_gift: false,
    shipping_method: 'cheapest',
    addax: true,
    max_price: 100_000,
    ...overrides,
  };
}

/** A self-managed order: own login, card and billing address. */
export function ownOrder(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    retailer: 'amazon',
    products: [{ product_id: 'B0PLACES01', quantity: 1 }],
    shipping_address: ADDRESS,
    billing_address: ADDRESS,
    payment_method: CARD,
    retailer_credentials: LOGIN,
    is_gift: false,
    shipping_method: 'cheapest',
    max_price: 100_000,
    ...overrides,
  };
}

export function basic(token: string, password = ''): string {
  return `Basic ${Buffer.from(`${token}:${password}`).toString('base64')}`;
}

export interface Api {
  url: string;
  sandbox: RunningSandbox;
  /** The sandbox's clock: time moves only through `advance`. */
  clock: ManualClock;
  get(path: string, token?: string): Promise<{ status: number; body: any; headers: Headers }>;
  post(
    path: string,
    body?: unknown,
    token?: string,
  ): Promise<{ status: number; body: any; headers: Headers }>;
  control(path: string, body?: unknown, method?: string): Promise<any>;
  /** Creates an order and returns its request id. */
  create(order: Record<string, unknown>, token?: string): Promise<string>;
  /**
   * Moves the clock a processing time at a time until the body is no longer
   * request_processing (bounded), and returns it.
   */
  settled(requestId: string, token?: string, path?: string): Promise<any>;
  /** Moves sandbox time forward: whatever falls due on the way is carried out, in order. */
  advance(ms: number): Promise<void>;
  close(): Promise<void>;
}

/** A sandbox on a manual clock (unless `options.clock` says otherwise): nothing moves until the test moves it. */
export async function openApi(
  options: SandboxOptions & { clock?: ManualClock } = {},
): Promise<Api> {
  const clock = options.clock ?? new ManualClock();
  const processingMs = options.processingMs ?? 60;
  const sandbox = await startSandbox({
    port: 0,
    control: true,
    seed: 11,
    tokens: ['sandbox', 'other'],
    ...options,
    processingMs,
    clock,
  });
  const url = sandbox.url;
  const call = async (method: string, path: string, body: unknown, token: string) => {
    const response = await fetch(url + path, {
      method,
      headers: {
        authorization: basic(token),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text ? JSON.parse(text) : undefined,
      headers: response.headers,
    };
  };
  const api: Api = {
    url,
    sandbox,
    clock,
    get: (path, token = 'sandbox') => call('GET', path, undefined, token),
    post: (path, body, token = 'sandbox') => call('POST', path, body, token),
    async control(path, body, method = 'POST') {
      const response = await fetch(`${url}/_control/${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      return response.json();
    },
    async create(order, token = 'sandbox') {
      const created = await api.post('/v1/orders', order, token);
      if (created.status !== 200)
        throw new Error(`create failed: ${created.status} ${JSON.stringify(created.body)}`);
      return created.body.request_id as string;
    },
    async settled(requestId, token = 'sandbox', path = '/v1/orders/') {
      for (let step = 0; step < 200; step++) {
        const read = await api.get(path + requestId, token);
        if (read.body?.code !== 'request_processing') return read.body;
        clock.advance(processingMs);
      }
      throw new Error(`${requestId} still processing after 200 processing times`);
    },
    async advance(ms) {
      clock.advance(ms);
    },
    close: () => sandbox.close(),
  };
  return api;
}
