import type { Context } from 'hono';
import { errorBody } from './error-body.ts';
import type { Fault, FaultPlan } from './faults.ts';
import type { Env } from './v1-routes.ts';

/** How long a "timeout" fault holds a connection at most before giving up on it. */
const HOLD_MS = 60_000;

const json = (body: unknown, status: number, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

function faultAnswer(fault: Fault): Response {
  switch (fault.mode) {
    case '429':
      return json(errorBody('too_many_requests', 'Too many requests: wait and retry.'), 429, {
        'retry-after': String(fault.retry_after),
      });
    case 'malformed':
      return new Response('{"_type": "order_response", "price_comp', {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    default:
      return json(errorBody('internal_error', 'Injected server error (sandbox control API).'), 500);
  }
}

/**
 * Carries out a /v1 request under the injected faults: one is applied before the
 * request is carried out, or after it (the work is done, the answer lost), as a real
 * network or service would.
 */
export async function withFaults(
  faults: FaultPlan,
  c: Context<Env>,
  run: () => Response | Promise<Response>,
): Promise<Response> {
  const fault = faults.take(c.req.method, c.req.path);
  if (!fault) return run();
  if (fault.when === 'after') await run();
  const socket = c.env.incoming.socket;
  if (fault.mode === 'drop') {
    socket.destroy();
  } else if (fault.mode === 'timeout') {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, HOLD_MS);
      socket.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    socket.destroy();
  }
  return faultAnswer(fault);
}
