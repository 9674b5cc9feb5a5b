import { Hono } from 'hono';
import { describeProblems } from '../../src/api/problems.ts';
import { z } from '../../src/api/zod.ts';
import { errorBody, invalidRequest } from './error-body.ts';
import { type FaultPlan, faultSchema } from './faults.ts';
import { REPEATED_KEY_ANSWERS } from './repeated-key.ts';
import type { SandboxState } from './sandbox-state.ts';
import type { Env } from './v1-routes.ts';

const clockSchema = z.strictObject({
  advance_ms: z.number().check(z.int(), z.gte(0), z.lte(10 * 365 * 86_400_000)),
});

const repeatedKeySchema = z.strictObject({ answer: z.enum(REPEATED_KEY_ANSWERS) });

/**
 * The control API, for tests on loopback only (it has no auth): inject faults, move
 * the clock, choose how a repeated idempotency key is answered, read what exists.
 * Only mounted with --control.
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
    const now = state.time.advance(checked.data.advance_ms);
    return c.json({ now, iso: new Date(now).toISOString() });
  });

  app.post('/repeated-key', async (c) => {
    const body = await json(c.req.text());
    const checked = repeatedKeySchema.safeParse(body);
    if (!checked.success) return c.json(invalidRequest(describeProblems(checked.error), body), 400);
    state.repeatedKey = checked.data.answer;
    return c.json({ answer: state.repeatedKey });
  });

  app.get('/state', (c) => {
    state.settle();
    return c.json({
      now: state.time.now(),
      tokens: state.counts(),
      faults: faults.list(),
      repeated_key: state.repeatedKey,
      // For load tests: what the sandbox process holds in memory now.
      memory: {
        rss_bytes: process.memoryUsage.rss(),
        heap_used_bytes: process.memoryUsage().heapUsed,
      },
    });
  });

  app.all('*', (c) =>
    c.json(errorBody('invalid_request', 'Unknown control endpoint: see sandbox/README.md.'), 404),
  );
  return app;
}
