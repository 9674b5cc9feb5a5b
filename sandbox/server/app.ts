import { Hono } from 'hono';
import type { SimulatedRetailer } from '../retailer/types.ts';
import { controlRoutes } from './control-routes.ts';
import { demoRoutes } from './demo-routes.ts';
import { errorBody } from './error-body.ts';
import { FaultPlan } from './faults.ts';
import { IdempotencyStore } from './idempotency.ts';
import type { RepeatedKeyAnswer } from './repeated-key.ts';
import { SandboxState } from './sandbox-state.ts';
import type { SandboxTime } from './sandbox-time.ts';
import { type Env, v1Routes } from './v1-routes.ts';
import type { WebhookSender } from './webhooks.ts';

export interface AppOptions {
  tokens: string[];
  processingMs: number;
  seed?: number | undefined;
  control: boolean;
  retailer: SimulatedRetailer;
  webhooks: WebhookSender;
  time: SandboxTime;
  repeatedKey?: RepeatedKeyAnswer | undefined;
  log: (line: string) => void;
  /** Called on every request to the service's API, before anything else (tests, benchmarks). */
  onRequest?: ((request: { method: string; path: string }) => void) | undefined;
}

export function createApp(options: AppOptions): { app: Hono<Env>; state: SandboxState } {
  const state = new SandboxState(options);
  const faults = new FaultPlan();
  // Not strict: /demo and /demo/ are the same page.
  const app = new Hono<Env>({ strict: false });
  const v1 = v1Routes({
    state,
    tokens: new Set(options.tokens),
    idempotency: new IdempotencyStore(),
    faults,
    onRequest: options.onRequest,
  });
  app.route('/v1', v1.routes);
  if (options.control) app.route('/_control', controlRoutes(state, faults));
  app.route('/demo', demoRoutes());
  app.get('/', (c) =>
    c.text(
      'Buyline sandbox: the order service API is under /v1 (see sandbox/README.md); demo product pages under /demo/.\n',
    ),
  );
  app.notFound((c) =>
    /^\/v1(\/|$)/.test(c.req.path)
      ? v1.fallback(c)
      : c.json(
          errorBody(
            'not_found',
            `No endpoint ${c.req.method} ${c.req.path}: see sandbox/README.md.`,
          ),
          404,
        ),
  );
  app.onError((error, c) => {
    options.log(`error: ${error instanceof Error ? error.message : String(error)}`);
    return c.json(errorBody('internal_error', 'The sandbox failed to handle this request.'), 500);
  });
  return { app, state };
}
