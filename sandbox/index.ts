import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createSimulatedRetailer } from './retailer/index.ts';
import type { SimulatedRetailer } from './retailer/types.ts';
import { createApp } from './server/app.ts';
import { createWebhookSender } from './server/webhooks.ts';

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
  retailer?: SimulatedRetailer;
  log?: (line: string) => void;
  /** Called on every request to /v1, as it arrives: lets a test or a benchmark count them. */
  onRequest?: (request: { method: string; path: string }) => void;
}

export interface RunningSandbox {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Starts the sandbox service: the whole contract on a local port, with a simulated retailer. */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => undefined);
  const processingMs = options.processingMs ?? 3_000;
  const webhooks = createWebhookSender({
    log,
    firstDelayMs: Math.min(200, Math.max(20, processingMs)),
  });
  const { app, state } = createApp({
    tokens: options.tokens ?? ['sandbox'],
    processingMs,
    seed: options.seed,
    control: options.control ?? false,
    retailer: options.retailer ?? createSimulatedRetailer(),
    webhooks,
    log,
    onRequest: options.onRequest,
  });
  const server = await new Promise<Server>((resolve, reject) => {
    const started = serve({ fetch: app.fetch, port: options.port ?? 8787, hostname: host }, () =>
      resolve(started as Server),
    );
    (started as Server).once('error', reject);
  });
  // Jobs move on by time; a short timer settles them so webhooks go out unasked.
  const ticker = setInterval(
    () => state.settle(),
    Math.min(250, Math.max(20, Math.floor(processingMs / 5))),
  );
  ticker.unref();
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    port,
    async close() {
      clearInterval(ticker);
      webhooks.close();
      await webhooks.drain();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
