import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createSimulatedRetailer } from './retailer/index.ts';
import type { SimulatedRetailer } from './retailer/types.ts';
import { createApp } from './server/app.ts';
import { type Clock, systemClock } from './server/clock.ts';
import type { RepeatedKeyAnswer } from './server/repeated-key.ts';
import { SandboxTime } from './server/sandbox-time.ts';
import { createWebhookSender } from './server/webhooks.ts';

export { type Clock, ManualClock } from './server/clock.ts';
export { REPEATED_KEY_ANSWERS, type RepeatedKeyAnswer } from './server/repeated-key.ts';

export interface SandboxOptions {
  /** Default 8787; 0 picks a free port. */
  port?: number;
  host?: string;
  /** Default ['sandbox']. */
  tokens?: string[];
  /** How long an order stays request_processing; default 3000. */
  processingMs?: number;
  /** Makes every random choice repeatable. */
  seed?: number;
  /** Enables the control API (/_control). */
  control?: boolean;
  /**
   * Where every timed behaviour reads time and sets its timers: processing, the
   * managed queue, aborts, cancellations, webhook deliveries and their retries.
   * Default: real time, read at each call (so fake timers installed later drive it).
   * A ManualClock moves only when advanced (and `/_control/clock` advances it).
   */
  clock?: Clock;
  /**
   * How an order or cancellation POST repeating an idempotency key (same body) is
   * answered: 'replay' (default) the first answer again; 'already_exists' HTTP 409
   * with code already_exists and the first answer's request_id;
   * 'already_exists_without_id' the same 409 without the request id.
   */
  repeatedKey?: RepeatedKeyAnswer;
  retailer?: SimulatedRetailer;
  log?: (line: string) => void;
  /** Called on every request to /v1, as it arrives: lets a test or a benchmark count them. */
  onRequest?: (request: { method: string; path: string }) => void;
}

export interface RunningSandbox {
  url: string;
  port: number;
  /**
   * Resolves once no webhook delivery is on the wire (one waiting on the clock to try
   * again does not count): after moving a clock, "nothing more was sent" is checked here.
   */
  webhooksIdle(): Promise<void>;
  close(): Promise<void>;
}

/** Starts the sandbox service: the whole contract on a local port, with a simulated retailer. */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => undefined);
  const processingMs = options.processingMs ?? 3_000;
  const time = new SandboxTime(options.clock ?? systemClock);
  const webhooks = createWebhookSender({
    time,
    log,
    firstDelayMs: Math.min(200, Math.max(20, processingMs)),
  });
  const { app } = createApp({
    tokens: options.tokens ?? ['sandbox'],
    processingMs,
    seed: options.seed,
    control: options.control ?? false,
    retailer: options.retailer ?? createSimulatedRetailer(),
    webhooks,
    time,
    repeatedKey: options.repeatedKey,
    log,
    onRequest: options.onRequest,
  });
  const server = await new Promise<Server>((resolve, reject) => {
    const started = serve({ fetch: app.fetch, port: options.port ?? 8787, hostname: host }, () =>
      resolve(started as Server),
    );
    (started as Server).once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    port,
    webhooksIdle: () => webhooks.idle(),
    async close() {
      time.close();
      webhooks.close();
      await webhooks.drain();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
