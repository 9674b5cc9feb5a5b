import type { MiddlewareHandler } from 'hono';
import { errorBody } from './error-body.ts';
import type { FaultPlan } from './faults.ts';
import type { Env } from './v1-routes.ts';

/** How long a "timeout" fault holds a connection at most before giving up on it. */
const HOLD_MS = 60_000;

/**
 * Applies injected faults to /v1 requests: before the request is carried out, or
 * after it (the work is done, the answer lost), as a real network or service would.
 */
export function faultMiddleware(faults: FaultPlan): MiddlewareHandler<Env> {
  return async (c, next) => {
    const fault = faults.take(c.req.method, c.req.path);
    if (!fault) return next();
    if (fault.when === 'after') await next();
    const socket = c.env.incoming.socket;
    switch (fault.mode) {
      case '500':
        c.res = undefined as never;
        return c.json(
          errorBody('internal_error', 'Injected server error (sandbox control API).'),
          500,
        );
      case '429':
        c.res = undefined as never;
        return c.json(errorBody('too_many_requests', 'Too many requests: wait and retry.'), 429, {
          'Retry-After': String(fault.retry_after),
        });
      case 'malformed':
        c.res = undefined as never;
        return c.body('{"_type": "order_response", "price_comp', 200, {
          'content-type': 'application/json',
        });
      case 'drop':
        socket.destroy();
        return c.body(null, 500);
      case 'timeout':
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, HOLD_MS);
          socket.once('close', () => {
            clearTimeout(timer);
            resolve();
          });
        });
        socket.destroy();
        return c.body(null, 504);
    }
  };
}
