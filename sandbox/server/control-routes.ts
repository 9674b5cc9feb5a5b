import { Hono } from 'hono';
import { describeProblems } from '../../src/api/problems.ts';
import { z } from '../../src/api/zod.ts';
import { errorBody, invalidRequest } from './error-body.ts';
import { type FaultPlan, faultSchema } from './faults.ts';
import type { SandboxState } from './sandbox-state.ts';
import type { Env } from './v1-routes.ts';

const clockSchema = z.strictObject({
  advance_ms: z
    .number()
    .int()
    .min(0)
    .max(10 * 365 * 86_400_000),
});

/**
 * The control API, for tests on loopback only (it has no auth): inject faults, move
 * the clock, read what exists. Only mounted with --control.
 */
export function controlRoutes(state: SandboxState, faults: FaultPlan): Hono<Env> {
  const app = new Hono<Env>();
  const json = async (text: Promise<string>) => {
    try {
      return JSON.parse((await text) || '{}') as unknown;
    } catch {
      return undefined;
    }
  };

  app.post('/faults', async (c) => {
    const body = await json(c.req.text());
    const checked = faultSchema.safeParse(body);
    if (!checked.success) return c.json(invalidRequest(describeProblems(checked.error), body), 400);
    faults.add(checked.data);
    return c.json({ faults: faults.list() });
  });

  app.delete('/faults', (c) => {
    faults.clear();
    return c.json({ faults: [] });
  });

  app.post('/clock', async (c) => {
    const body = await json(c.req.text());
    const checked = clockSchema.safeParse(body);
    if (!checked.success) return c.json(invalidRequest(describeProblems(checked.error), body), 400);
    const now = state.clock.advance(checked.data.advance_ms);
    state.settle();
    return c.json({ now, iso: new Date(now).toISOString() });
  });

  app.get('/state', (c) => {
    state.settle();
    return c.json({ now: state.clock.now(), tokens: state.counts(), faults: faults.list() });
  });

  app.all('*', (c) =>
    c.json(errorBody('invalid_request', 'Unknown control endpoint: see sandbox/README.md.'), 404),
  );
  return app;
}
