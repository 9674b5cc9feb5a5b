/**
 * The one client's shape: how it is made, what each call takes, and what it answers.
 * Types only; the client itself is client.ts.
 */
import type { CancellationStatus, ListedOrder, OrderStatus } from './outcomes.ts';
import type { Webhooks } from './schemas/common.ts';
import type { ListQueryInput } from './schemas/list-query.ts';
import type { OrderRequest } from './schemas/order-request.ts';

export interface ClientOptions {
  /** The service's address, e.g. `http://127.0.0.1:8787`; paths are `/v1/...` below it. */
  baseUrl: string;
  token: string;
  /** Per call; default 15 s. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Default true; false for a service that rejects `idempotency_key`. */
  sendIdempotencyKeys?: boolean;
  newKey?: () => string;
}

export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface PostOptions extends CallOptions {
  /** A retry must pass the key of the first attempt. */
  idempotencyKey?: string;
}

export interface Started {
  requestId: string;
  idempotencyKey?: string;
}

export interface ServiceClient {
  createOrder(request: OrderRequest, options?: PostOptions): Promise<Started>;
  getOrder(requestId: string, options?: CallOptions): Promise<OrderStatus>;
  listOrders(query?: ListQueryInput, options?: CallOptions): Promise<ListedOrder[]>;
  abortOrder(requestId: string, options?: PostOptions): Promise<OrderStatus>;
  cancelOrder(
    requestId: string,
    body: {
      merchant_order_id: string;
      webhooks?: Pick<Webhooks, 'request_succeeded' | 'request_failed'>;
    },
    options?: PostOptions,
  ): Promise<Started>;
  getCancellation(requestId: string, options?: CallOptions): Promise<CancellationStatus>;
}
