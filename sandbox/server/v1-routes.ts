import type { HttpBindings } from '@hono/node-server';
import { type Context, Hono } from 'hono';
import { describeProblems } from '../../src/api/problems.ts';
import { RETAILERS } from '../../src/api/retailers.ts';
import {
  abortRequestSchema,
  cancellationRequestSchema,
} from '../../src/api/schemas/cancellation-request.ts';
import { DEFAULT_LIST_LIMIT, listQuerySchema } from '../../src/api/schemas/list-query.ts';
import { orderRequestSchema } from '../../src/api/schemas/order-request.ts';
import { cancellationBody, cancellationPhase } from './cancellation-job.ts';
import { errorBody, invalidRequest } from './error-body.ts';
import { fingerprint, type IdempotencyStore } from './idempotency.ts';
import { listedBody, orderBody, phaseOf } from './order-job.ts';
import { alreadyExists } from './repeated-key.ts';
import { readBody } from './request-body.ts';
import type { SandboxState } from './sandbox-state.ts';
import { type GuardOptions, type Handler, v1Guard } from './v1-guard.ts';

export type Env = { Bindings: HttpBindings; Variables: { token: string } };

/** The most orders one list call returns; more is clamped (the spec gives no maximum). */
const MAX_LIST_LIMIT = 1_000;

type Answer = { status: 200 | 400 | 404 | 415; body: unknown };

const unknownId = (id: string) =>
  ({
    status: 404,
    body: errorBody('invalid_request_id', `No request with id ${id} exists for this token.`),
  }) as const;

export interface V1Options extends Omit<GuardOptions, 'settle'> {
  state: SandboxState;
  idempotency: IdempotencyStore;
}

/**
 * The service's endpoints, as the spec and decisions.md describe them, each behind
 * the guard (v1-guard.ts), and `fallback`, the answer to any other /v1 path (the app's
 * not-found handler calls it, since a catch-all route would make every request match
 * two handlers).
 */
export function v1Routes(options: V1Options): { routes: Hono<Env>; fallback: Handler } {
  const { state, idempotency } = options;
  const guarded = v1Guard({ ...options, settle: () => state.settle() });
  const app = new Hono<Env>();

  /**
   * Runs a POST once per idempotency key: a repeated key with the same body gets the
   * first answer again, or 409 already_exists when the sandbox is set to answer so
   * (`repeats`, order and cancellation POSTs only); with another body it is refused,
   * naming the key.
   */
  async function once(
    c: Context<Env>,
    endpoint: string,
    body: Record<string, unknown> | undefined,
    run: () => Answer,
    repeats: 'replay' | 'per-setting' = 'replay',
  ): Promise<Response> {
    const key = typeof body?.idempotency_key === 'string' ? body.idempotency_key : undefined;
    const token = c.get('token');
    if (key !== undefined) {
      const earlier = idempotency.recall(token, endpoint, key);
      if (earlier) {
        if (earlier.fingerprint !== fingerprint(body)) {
          return c.json(
            errorBody(
              'invalid_request',
              'This idempotency_key was already used with a different body: use a new key for a new request.',
              {
                data: { field: 'idempotency_key' },
                request: body,
              },
            ),
            400,
          );
        }
        if (repeats === 'per-setting' && state.repeatedKey !== 'replay')
          return c.json(alreadyExists(earlier.body, body, state.repeatedKey), 409);
        return c.json(earlier.body as object, earlier.status as 200);
      }
    }
    const answer = run();
    if (key !== undefined && answer.status === 200)
      idempotency.remember(token, endpoint, key, { fingerprint: fingerprint(body), ...answer });
    return c.json(answer.body as object, answer.status);
  }

  app.post(
    '/orders',
    guarded(async (c) => {
      const read = await readBody(c);
      if (!read.ok) return c.json(read.body, read.status);
      const body = read.value ?? {};
      return once(
        c,
        'POST /v1/orders',
        body,
        () => {
          const checked = orderRequestSchema().safeParse(body);
          if (!checked.success)
            return { status: 400, body: invalidRequest(describeProblems(checked.error), body) };
          const job = state.createOrder(c.get('token'), body, checked.data);
          return { status: 200, body: { request_id: job.requestId } };
        },
        'per-setting',
      );
    }),
  );

  app.get(
    '/orders',
    guarded((c) => {
      const checked = listQuerySchema.safeParse(c.req.query());
      if (!checked.success)
        return c.json(invalidRequest(describeProblems(checked.error), c.req.query()), 400);
      const query = checked.data;
      const limit = Math.min(query.limit ?? DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT);
      const now = state.time.now();
      // Order responses only: `skip` counts order responses, as the spec says.
      const listed = state.index
        .list(c.get('token'), {
          startingAfter: query.starting_after,
          endingBefore: query.ending_before,
          retailer: query.retailer,
          skip: query.skip ?? 0,
          limit,
        })
        .map((job) => listedBody(job, now));
      return c.json(listed);
    }),
  );

  app.get(
    '/orders/:id',
    guarded<'/orders/:id'>((c) => {
      const job = state.order(c.get('token'), c.req.param('id'));
      if (!job) {
        const missing = unknownId(c.req.param('id'));
        return c.json(missing.body, missing.status);
      }
      return c.json(orderBody(job, state.time.now()));
    }),
  );

  app.post(
    '/orders/:id/abort',
    guarded<'/orders/:id/abort'>(async (c) => {
      const read = await readBody(c);
      if (!read.ok) return c.json(read.body, read.status);
      const id = c.req.param('id');
      return once(c, `POST /v1/orders/${id}/abort`, read.value, () => {
        const checked = abortRequestSchema.safeParse(read.value ?? {});
        if (!checked.success)
          return { status: 400, body: invalidRequest(describeProblems(checked.error), read.value) };
        const job = state.order(c.get('token'), id);
        if (!job) return unknownId(id);
        state.abort(job);
        state.settle();
        return { status: 200, body: orderBody(job, state.time.now()) };
      });
    }),
  );

  app.post(
    '/orders/:id/cancel',
    guarded<'/orders/:id/cancel'>(async (c) => {
      const read = await readBody(c);
      if (!read.ok) return c.json(read.body, read.status);
      const id = c.req.param('id');
      const body = read.value ?? {};
      return once(
        c,
        `POST /v1/orders/${id}/cancel`,
        body,
        () => {
          const checked = cancellationRequestSchema.safeParse(body);
          if (!checked.success)
            return { status: 400, body: invalidRequest(describeProblems(checked.error), body) };
          const order = state.order(c.get('token'), id);
          if (!order) return unknownId(id);
          const refuse = (field: string, message: string): Answer => ({
            status: 400,
            body: errorBody('invalid_request', message, { data: { field }, request: body }),
          });
          if (phaseOf(order) !== 'placed') {
            return refuse(
              'request_id',
              'Only an order that was placed can be cancelled; abort an order that is still processing.',
            );
          }
          const retailer = RETAILERS[order.parsed.retailer];
          if (!retailer.cancellation) {
            return refuse(
              'request_id',
              `Cancellation is offered on amazon and amazon_uk only, not on ${retailer.storefront}.`,
            );
          }
          const placed =
            order.outcome?.result.kind === 'placed' ? order.outcome.result.order : undefined;
          const merchantOrderId = checked.data.merchant_order_id;
          if (
            !placed?.merchant_order_ids.some((entry) => entry.merchant_order_id === merchantOrderId)
          ) {
            return refuse(
              'merchant_order_id',
              `Merchant order ${merchantOrderId} is not part of order ${id}: use one of its merchant_order_ids.`,
            );
          }
          // One live cancellation per merchant order: asking again answers the same one.
          const now = state.time.now();
          const live = order.cancellations?.find(
            (job) =>
              job.merchantOrderId === merchantOrderId && cancellationPhase(job, now) !== 'failed',
          );
          const job = live ?? state.createCancellation(c.get('token'), order, body, checked.data);
          return { status: 200, body: { request_id: job.requestId } };
        },
        'per-setting',
      );
    }),
  );

  app.get(
    '/cancellations/:id',
    guarded<'/cancellations/:id'>((c) => {
      const job = state.cancellation(c.get('token'), c.req.param('id'));
      if (!job) {
        const missing = unknownId(c.req.param('id'));
        return c.json(missing.body, missing.status);
      }
      return c.json(cancellationBody(job, cancellationPhase(job, state.time.now())));
    }),
  );

  // Another method on one of the service's paths is 405; anything else 404.
  const fallback = guarded((c) => {
    const path = c.req.path.replace(/^\/v1/, '');
    const known = [
      /^\/orders$/,
      /^\/orders\/[^/]+$/,
      /^\/orders\/[^/]+\/(abort|cancel)$/,
      /^\/cancellations\/[^/]+$/,
    ].some((pattern) => pattern.test(path));
    return known
      ? c.json(
          errorBody(
            'invalid_request',
            `${c.req.method} is not allowed on ${c.req.path}: see sandbox/README.md.`,
          ),
          405,
        )
      : c.json(
          errorBody(
            'not_found',
            `No endpoint ${c.req.method} ${c.req.path}: see sandbox/README.md.`,
          ),
          404,
        );
  });

  return { routes: app, fallback };
}
