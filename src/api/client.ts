import {
  AlreadyExistsError,
  InvalidResponseError,
  OutcomeUnknownError,
  RateLimitedError,
  ServiceError,
  UnauthorizedError,
} from './errors.ts';
import {
  CALL_ERROR_CODES,
  type CancellationStatus,
  cancellationStatusOf,
  codeOf,
  type ListedOrder,
  type OrderStatus,
  orderStatusOf,
  requestIdIn,
} from './outcomes.ts';
import { describeProblems } from './problems.ts';
import type { CancellationRequest } from './schemas/cancellation-request.ts';
import type { ListQueryInput } from './schemas/list-query.ts';
import type { OrderRequest } from './schemas/order-request.ts';
import {
  cancellationStatusBodySchema,
  errorResponseSchema,
  orderListSchema,
  orderStatusBodySchema,
  requestIdResponseSchema,
} from './schemas/responses.ts';
import type { z } from './zod.ts';

/** The one client's shape: how it is made, what each call takes, and what it answers. */
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

type CallOptions = { signal?: AbortSignal; timeoutMs?: number };
/** A retry must pass the key of the first attempt. */
type PostOptions = CallOptions & { idempotencyKey?: string };
type Started = { requestId: string; idempotencyKey?: string };

export interface ServiceClient {
  createOrder(request: OrderRequest, options?: PostOptions): Promise<Started>;
  getOrder(requestId: string, options?: CallOptions): Promise<OrderStatus>;
  listOrders(query?: ListQueryInput, options?: CallOptions): Promise<ListedOrder[]>;
  abortOrder(requestId: string, options?: PostOptions): Promise<OrderStatus>;
  cancelOrder(
    requestId: string,
    body: Omit<CancellationRequest, 'idempotency_key'>,
    options?: PostOptions,
  ): Promise<Started>;
  getCancellation(requestId: string, options?: CallOptions): Promise<CancellationStatus>;
}

const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_RETRY_AFTER_MS = 5_000;

/** Basic credentials: the token as user name, an empty password, UTF-8 encoded. */
export function basicAuthorization(token: string): string {
  const bytes = new TextEncoder().encode(`${token}:`);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}

/** Retry-After as delta seconds or an HTTP date; a sane default otherwise. */
export function parseRetryAfter(value: string | null, now = Date.now()): number {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '') return DEFAULT_RETRY_AFTER_MS;
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? DEFAULT_RETRY_AFTER_MS : Math.max(0, at - now);
}

type Exchange = { status: number; body: unknown };

export function createServiceClient(options: ClientOptions): ServiceClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const sendKeys = options.sendIdempotencyKeys ?? true;
  const newKey = options.newKey ?? (() => crypto.randomUUID());
  // The same headers for every call (made once, not per request).
  const readHeaders = {
    Authorization: basicAuthorization(options.token),
    Accept: 'application/json',
  };
  const sendHeaders = { ...readHeaders, 'Content-Type': 'application/json' };

  /**
   * One HTTP exchange. Anything that leaves the outcome open (no answer, a timeout,
   * a 5xx, an unreadable body) becomes OutcomeUnknownError; 401 and 429 become their
   * own errors; every other answer is returned for the caller to judge by its body.
   */
  async function exchange(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    call: CallOptions,
  ): Promise<Exchange> {
    const timeout = AbortSignal.timeout(call.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    const signal = call.signal ? AbortSignal.any([call.signal, timeout]) : timeout;
    let response: Response;
    let text: string;
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        signal,
        ...(body !== undefined
          ? { headers: sendHeaders, body: JSON.stringify(body) }
          : { headers: readHeaders }),
      });
      text = await response.text();
    } catch {
      const reason = timeout.aborted ? 'timeout' : call.signal?.aborted ? 'aborted' : 'network';
      throw new OutcomeUnknownError(method, path, reason);
    }
    let parsed: unknown;
    let readable = true;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      readable = false;
    }
    const code = readable ? codeOf(parsed) : undefined;
    const { status } = response;
    if (status >= 500) throw new OutcomeUnknownError(method, path, 'server_error', status, code);
    if (status === 401 || code === 'invalid_client_token')
      throw new UnauthorizedError(method, path, status);
    if (status === 429 || code === 'too_many_requests')
      throw new RateLimitedError(
        method,
        path,
        parseRetryAfter(response.headers.get('Retry-After')),
      );
    if (readable && parsed !== undefined) return { status, body: parsed };
    if (response.ok) throw new OutcomeUnknownError(method, path, 'unreadable_body', status);
    throw new ServiceError(method, path, status, `http_${status}`, text.slice(0, 200), null, text);
  }

  /**
   * Refuses a body that is an error about the call; other bodies are parsed with
   * `schema`, once (an error outcome is parsed as the error shape only when thrown).
   */
  function judge<S extends z.ZodMiniType>(
    method: string,
    path: string,
    { status, body }: Exchange,
    schema: S,
    allowErrorOutcomes: boolean,
  ): z.infer<S> {
    const code = codeOf(body);
    if (
      code !== undefined &&
      (CALL_ERROR_CODES.has(code) || !allowErrorOutcomes || status >= 400)
    ) {
      const error = errorResponseSchema.safeParse(body);
      if (error.success) {
        const { message, data } = error.data;
        throw new ServiceError(method, path, status, code, message ?? '', data ?? null, body);
      }
    }
    if (status >= 400)
      throw new ServiceError(method, path, status, `http_${status}`, '', null, body);
    const checked = schema.safeParse(body);
    if (!checked.success)
      throw new InvalidResponseError(method, path, describeProblems(checked.error), body);
    return checked.data;
  }

  /** A call answered with a status (a read, or an abort): error outcomes are answers. */
  async function status<S extends z.ZodMiniType>(
    method: 'GET' | 'POST',
    path: string,
    schema: S,
    call: CallOptions,
    body?: Record<string, unknown>,
  ): Promise<z.infer<S>> {
    return judge(method, path, await exchange(method, path, body, call), schema, true);
  }

  /** The body with its idempotency key (a retry passes the first one's), unless keys are off. */
  function keyed(body: Record<string, unknown>, given: string | undefined) {
    const key = sendKeys ? (given ?? newKey()) : undefined;
    return { body: key === undefined ? body : { ...body, idempotency_key: key }, key };
  }

  async function start(
    path: string,
    body: Record<string, unknown>,
    call: PostOptions,
  ): Promise<Started> {
    const sent = keyed(body, call.idempotencyKey);
    const answer = await exchange('POST', path, sent.body, call);
    // The newer API version's answer to a repeated idempotency key (decisions.md), whatever
    // the status: the request was accepted before and only its answer is lost.
    if (codeOf(answer.body) === 'already_exists')
      throw new AlreadyExistsError(path, answer.status, requestIdIn(answer.body), answer.body);
    const { request_id } = judge('POST', path, answer, requestIdResponseSchema, false);
    return {
      requestId: request_id,
      ...(sent.key === undefined ? {} : { idempotencyKey: sent.key }),
    };
  }

  const orderPath = (requestId: string) => `/v1/orders/${encodeURIComponent(requestId)}`;

  return {
    // The request was built and checked once, by the background (placement.ts): sent as given.
    async createOrder(request, call = {}) {
      const { idempotency_key: _ignored, ...body } = request;
      return start('/v1/orders', body, call);
    },

    async getOrder(requestId, call = {}) {
      return orderStatusOf(await status('GET', orderPath(requestId), orderStatusBodySchema, call));
    },

    async listOrders(query = {}, call = {}) {
      const params = new URLSearchParams();
      for (const [name, value] of Object.entries(query))
        if (value !== undefined) params.set(name, String(value));
      const path = `/v1/orders${params.size > 0 ? `?${params}` : ''}`;
      const listed = await status('GET', path, orderListSchema, call);
      // One element the client cannot read is reported as such, not the whole page failed.
      // Each is read as an order's status: the spec lists order responses only, but a
      // service that also listed requests still processing or failed would send the error
      // shape, so both are read.
      return listed.map((element): ListedOrder => {
        const checked = orderStatusBodySchema.safeParse(element);
        if (!checked.success)
          return {
            readable: false,
            problem: describeProblems(checked.error)
              .map((problem) => problem.message)
              .join(' '),
          };
        return { readable: true, body: checked.data, status: orderStatusOf(checked.data) };
      });
    },

    async abortOrder(requestId, call = {}) {
      const path = `${orderPath(requestId)}/abort`;
      const { body } = keyed({}, call.idempotencyKey);
      return orderStatusOf(await status('POST', path, orderStatusBodySchema, call, body));
    },

    async cancelOrder(requestId, body, call = {}) {
      return start(`${orderPath(requestId)}/cancel`, { ...body }, call);
    },

    async getCancellation(requestId, call = {}) {
      const path = `/v1/cancellations/${encodeURIComponent(requestId)}`;
      return cancellationStatusOf(await status('GET', path, cancellationStatusBodySchema, call));
    },
  };
}
