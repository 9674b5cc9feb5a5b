import type { Context } from 'hono';
import { tokenOf } from './auth.ts';
import { errorBody } from './error-body.ts';
import { withFaults } from './fault-middleware.ts';
import type { FaultPlan } from './faults.ts';
import { requestHeader } from './request-body.ts';
import type { Env } from './v1-routes.ts';

export type Handler<P extends string = string> = (
  c: Context<Env, P>,
) => Response | Promise<Response>;

export interface GuardOptions {
  tokens: ReadonlySet<string>;
  faults: FaultPlan;
  /** Carries out what fell due, before the handler answers (so that it sees it). */
  settle: () => void;
  /** Called on every request to /v1, before anything else (tests, benchmarks). */
  onRequest?: ((request: { method: string; path: string }) => void) | undefined;
}

/**
 * What runs before every /v1 handler, in this order: the request hook, injected
 * faults, the token (401 without a valid one), then settling sandbox time. It wraps
 * each handler instead of being middleware so that Hono, finding a single handler for
 * a request, runs it without composing a chain: the chain cost more per request than
 * the checks in it.
 */
export function v1Guard(options: GuardOptions) {
  const { tokens, faults, settle, onRequest } = options;
  // Clients send the same header every time: an accepted one is decoded once (a few
  // headers per token at most; the cache is dropped if it ever grows past that).
  const accepted = new Map<string, string>();
  const tokenFor = (header: string | undefined): string | undefined => {
    if (header === undefined) return undefined;
    const known = accepted.get(header);
    if (known !== undefined) return known;
    const token = tokenOf(header);
    if (token === undefined || !tokens.has(token)) return undefined;
    if (accepted.size >= 64) accepted.clear();
    accepted.set(header, token);
    return token;
  };

  const authorized = <P extends string>(c: Context<Env, P>, handler: Handler<P>) => {
    const token = tokenFor(requestHeader(c, 'authorization'));
    if (token === undefined) {
      return c.json(
        errorBody(
          'invalid_client_token',
          'The client token is missing or not valid. Send Authorization: Basic base64(token + ":").',
        ),
        401,
      );
    }
    c.set('token', token);
    settle();
    return handler(c);
  };

  return <P extends string>(handler: Handler<P>): Handler<P> =>
    (c) => {
      onRequest?.({ method: c.req.method, path: c.req.path });
      // Without faults (every request outside fault tests) the path is not even read.
      return faults.empty
        ? authorized(c, handler)
        : withFaults(faults, c, () => authorized(c, handler));
    };
}
