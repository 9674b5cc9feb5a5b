/**
 * The sandbox against its own HTTP stack: order creations and status reads per second
 * over the same calls to a bare Hono endpoint (@hono/node-server) on the same machine,
 * in the same run, at the same client concurrency, measured in alternating rounds so
 * that drift hits both alike. Reads are measured with 20,000 orders held; the
 * sandbox's memory with 100,000 held is measured in a child process of its own.
 */
import { spawn } from 'node:child_process';
import { Agent, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { startSandbox } from '../sandbox/index.ts';
import { MANAGED_ORDER } from '../test/fixtures.ts';
import { median } from './stats.ts';

const AUTH = `Basic ${Buffer.from('sandbox:').toString('base64')}`;
const ORDER = JSON.stringify(MANAGED_ORDER);
const CLIENTS = 32;
const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
const CLI = fileURLToPath(new URL('../sandbox/main.ts', import.meta.url));

/** Runs `clients` loops of `call` for `ms`; returns calls per second. */
async function load(
  clients: number,
  ms: number,
  call: (i: number) => Promise<void>,
): Promise<number> {
  const end = performance.now() + ms;
  let done = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        await call(done);
        done += 1;
      }
    }),
  );
  return done / (ms / 1000);
}

/** Creates orders until `count` are held; returns their request ids. */
async function fill(url: string, ids: string[], count: number): Promise<void> {
  let next = ids.length;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < count) {
        next += 1;
        ids.push(await create(url));
      }
    }),
  );
}

/**
 * One HTTP call on a kept-alive connection, its body written with its headers (fetch
 * writes a POST's body apart, and the delayed ACK that follows would time the network
 * stack instead of the servers).
 */
function call(url: string, method: string, path: string, body?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${url}${path}`, {
      method,
      agent,
      headers: {
        authorization: AUTH,
        ...(body !== undefined
          ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
          : {}),
      },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => resolve(text));
    });
    request.end(body);
  });
}

async function create(url: string): Promise<string> {
  return (JSON.parse(await call(url, 'POST', '/v1/orders', ORDER)) as { request_id: string })
    .request_id;
}

async function read(url: string, id: string): Promise<void> {
  await call(url, 'GET', `/v1/orders/${id}`);
}

/** The nearest limit: Hono on the same server, answering at once with the same JSON. */
async function startBare(readBody: string): Promise<{ url: string; close(): Promise<void> }> {
  const app = new Hono();
  let seq = 0;
  app.post('/v1/orders', async (c) => {
    await c.req.json();
    seq += 1;
    return c.json({ request_id: seq.toString(16).padStart(32, '0') });
  });
  const answer = JSON.parse(readBody) as Record<string, unknown>;
  app.get('/v1/orders/:id', (c) => c.json(answer));
  const server = await new Promise<Server>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(started as Server),
    );
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Median over `rounds` of (sandbox rate / bare rate), each pair measured back to back. */
async function ratio(
  rounds: number,
  ms: number,
  sandbox: (i: number) => Promise<void>,
  bare: (i: number) => Promise<void>,
): Promise<{ ratio: number; sandbox: number; bare: number }> {
  // A round of each first, not counted: both code paths warm (compiled) before timing.
  await load(CLIENTS, ms / 2, bare);
  await load(CLIENTS, ms / 2, sandbox);
  const pairs: { sandbox: number; bare: number }[] = [];
  for (let round = 0; round < rounds; round++) {
    // Alternate which goes first, so a trend in the machine's load favours neither.
    const first = round % 2 === 0;
    const a = await load(CLIENTS, ms, first ? bare : sandbox);
    const b = await load(CLIENTS, ms, first ? sandbox : bare);
    pairs.push(first ? { bare: a, sandbox: b } : { sandbox: a, bare: b });
  }
  return {
    ratio: median(pairs.map((pair) => pair.sandbox / pair.bare)),
    sandbox: median(pairs.map((pair) => pair.sandbox)),
    bare: median(pairs.map((pair) => pair.bare)),
  };
}

/**
 * The sandbox's memory with `count` orders held: the sandbox runs alone in a process
 * of its own (the command line, as a load test would start it), filled over HTTP from
 * this one, and reads its own memory through the control API.
 */
async function memoryWith(count: number): Promise<{ rss_mb: number; heap_mb: number }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', CLI, '--port', '0', '--control', '--processing-ms', '60000'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.on('exit', (code) => reject(new Error(`the sandbox exited with ${code}`)));
      let out: string | undefined = '';
      // Its log (a line per order) is read and dropped once the address is known.
      child.stdout.on('data', (chunk: Buffer) => {
        if (out === undefined) return;
        out += chunk.toString();
        const match = /Sandbox listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (match?.[1]) {
          out = undefined;
          resolve(match[1]);
        }
      });
    });
    await fill(url, [], count);
    const state = (await (await fetch(`${url}/_control/state`)).json()) as {
      tokens: { sandbox: { orders: number } };
      memory: { rss_bytes: number; heap_used_bytes: number };
    };
    if (state.tokens.sandbox.orders !== count)
      throw new Error(`the sandbox holds ${state.tokens.sandbox.orders} orders, not ${count}`);
    return {
      rss_mb: Math.round(state.memory.rss_bytes / 2 ** 20),
      heap_mb: Math.round(state.memory.heap_used_bytes / 2 ** 20),
    };
  } finally {
    child.kill('SIGKILL');
  }
}

export async function measureSandbox(ms = 1_500, rounds = 5) {
  const sandbox = await startSandbox({ port: 0, processingMs: 60_000 });
  const ids: string[] = [];
  try {
    ids.push(await create(sandbox.url));
    const sample = await call(sandbox.url, 'GET', `/v1/orders/${ids[0]}`);
    const bare = await startBare(sample);
    try {
      const creates = await ratio(
        rounds,
        ms,
        async () => {
          ids.push(await create(sandbox.url));
        },
        async () => {
          await create(bare.url);
        },
      );
      await fill(sandbox.url, ids, 20_000);
      const reads = await ratio(
        rounds,
        ms,
        (i) => read(sandbox.url, ids[(i * 7919) % 20_000] as string),
        (i) => read(bare.url, ids[(i * 7919) % 20_000] as string),
      );
      const memory = await memoryWith(100_000);
      return {
        sandbox_creates_ratio: Math.round(creates.ratio * 100) / 100,
        sandbox_creates_per_s: Math.round(creates.sandbox),
        bare_hono_posts_per_s: Math.round(creates.bare),
        sandbox_reads_ratio_20000: Math.round(reads.ratio * 100) / 100,
        sandbox_reads_20000_per_s: Math.round(reads.sandbox),
        bare_hono_reads_per_s: Math.round(reads.bare),
        sandbox_rss_100000_mb: memory.rss_mb,
        sandbox_heap_100000_mb: memory.heap_mb,
      };
    } finally {
      await bare.close();
    }
  } finally {
    await sandbox.close();
  }
}

// `node --import tsx bench/sandbox-throughput.ts` measures the sandbox alone.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.info(await measureSandbox());
  agent.destroy();
}
