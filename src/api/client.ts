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
  headers: Headers;
  body: unknown;
}

export function createServiceClient(options: ClientOptions): ServiceClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const sendKeys = options.sendIdempotencyKeys ?? true;
  const newKey = options.newKey ?? (() => crypto.randomUUID());
  const authorization = basicAuthorization(options.token);

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
    const headers: Record<string, string> = {
      Authorization: authorization,
      Accept: 'application/json',
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    let text: string;
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers,
        signal,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
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
    if (response.status >= 500)
      throw new OutcomeUnknownError(method, path, 'server_error', response.status, code);
    if (response.status === 401 || code === 'invalid_client_token')
      throw new UnauthorizedError(method, path, response.status);
    if (response.status === 429 || code === 'too_many_requests') {
      throw new RateLimitedError(
        method,
        path,
        parseRetryAfter(response.headers.get('Retry-After')),
      );
    }
    if (!readable || parsed === undefined) {
      if (response.ok)
        throw new OutcomeUnknownError(method, path, 'unreadable_body', response.status);
      throw new ServiceError(
        method,
        path,
        response.status,
        `http_${response.status}`,
        text.slice(0, 200),
        null,
        text,
      );
    }
    return { status: response.status, headers: response.headers, body: parsed };
  }

  /** Refuses a body that is an error about the call; other bodies are parsed with `schema`. */
  function judge<S extends z.ZodMiniType>(
    method: string,
    path: string,
    answer: Exchange,
    schema: S,
    allowErrorOutcomes: boolean,
  ): z.infer<S> {
    const error = errorResponseSchema.safeParse(answer.body);
    const isCallError =
      error.success &&
      (CALL_ERROR_CODES.has(error.data.code) || !allowErrorOutcomes || answer.status >= 400);
    if (error.success && isCallError) {
      throw new ServiceError(
        method,
        path,
        answer.status,
        error.data.code,
        error.data.message ?? '',
        error.data.data ?? null,
        answer.body,
      );
    }
    if (answer.status >= 400) {
      throw new ServiceError(
        method,
        path,
        answer.status,
        `http_${answer.status}`,
        '',
        null,
        answer.body,
      );
    }
    const checked = schema.safeParse(answer.body);
    if (!checked.success)
      throw new InvalidResponseError(method, path, describeProblems(checked.error), answer.body);
    return checked.data;
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
      const path = orderPath(requestId);
      return orderStatusOf(
        judge(
          'GET',
          path,
          await exchange('GET', path, undefined, call),
          orderStatusBodySchema,
          true,
        ),
      );
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
      const listed = judge(
        'GET',
        path,
        await exchange('GET', path, undefined, call),
        orderListSchema,
        true,
      );
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
      const sent = keyed({}, call.idempotencyKey);
      return orderStatusOf(
        judge(
          'POST',
          path,
          await exchange('POST', path, sent.body, call),
          orderStatusBodySchema,
          true,
        ),
      );
    },

    async cancelOrder(requestId, body, call = {}) {
      return start(`${orderPath(requestId)}/cancel`, { ...body }, call);
    },

    async getCancellation(requestId, call = {}) {
      const path = `/v1/cancellations/${encodeURIComponent(requestId)}`;
      return cancellationStatusOf(
        judge(
          'GET',
          path,
          await exchange('GET', path, undefined, call),
          cancellationStatusBodySchema,
          true,
        ),
      );
    },
  };
}
