import { ALREADY_EXISTS, codeOf, requestIdIn } from './answer-codes.ts';
import type {
  CallOptions,
  ClientOptions,
  PostOptions,
  ServiceClient,
  Started,
} from './client-types.ts';
import {
  AlreadyExistsError,
  InvalidResponseError,
  OutcomeUnknownError,
  RateLimitedError,
  ServiceError,
  UnauthorizedError,
} from './errors.ts';
import { basicAuthorization, parseRetryAfter } from './http-headers.ts';
import {
  CALL_ERROR_CODES,
  cancellationStatusOf,
  type ListedOrder,
  orderStatusOf,
} from './outcomes.ts';
import { describeProblems } from './problems.ts';
import {
  cancellationStatusBodySchema,
  errorResponseSchema,
  listedOrderSchema,
  orderListSchema,
  orderStatusBodySchema,
  requestIdResponseSchema,
} from './schemas/responses.ts';
import type { z } from './zod.ts';

export type { CallOptions, ClientOptions, PostOptions, ServiceClient, Started };
export { basicAuthorization, parseRetryAfter };

const DEFAULT_TIMEOUT_MS = 15_000;

interface Exchange {
  status: number;
  body: unknown;
}

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

  function keyed(
    body: Record<string, unknown>,
    given: string | undefined,
  ): { body: Record<string, unknown>; key?: string } {
    if (!sendKeys) return { body };
    const key = given ?? newKey();
    return { body: { ...body, idempotency_key: key }, key };
  }

  async function start(
    path: string,
    body: Record<string, unknown>,
    call: PostOptions,
  ): Promise<Started> {
    const sent = keyed(body, call.idempotencyKey);
    const answer = await exchange('POST', path, sent.body, call);
    // Whatever the status: the request was accepted before and only its answer is lost.
    if (codeOf(answer.body) === ALREADY_EXISTS)
      throw new AlreadyExistsError(path, answer.status, requestIdIn(answer.body), answer.body);
    const { request_id } = judge('POST', path, answer, requestIdResponseSchema, false);
    return sent.key === undefined
      ? { requestId: request_id }
      : { requestId: request_id, idempotencyKey: sent.key };
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
      for (const name of [
        'limit',
        'skip',
        'starting_after',
        'ending_before',
        'retailer',
      ] as const) {
        const value = query[name];
        if (value !== undefined) params.set(name, String(value));
      }
      const path = `/v1/orders${params.size > 0 ? `?${params}` : ''}`;
      const listed = await status('GET', path, orderListSchema, call);
      // Each element is read on its own: one the client cannot read is reported as such
      // instead of failing the whole page.
      return listed.map((element): ListedOrder => {
        const checked = listedOrderSchema.safeParse(element);
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
